//! Nodes and nodes per second at a fixed depth: `cargo run --release -p gipf-ai --example
//! bench [depth]` (default 3).

fn main() {
    let depth = std::env::args()
        .nth(1)
        .and_then(|d| d.parse().ok())
        .unwrap_or(3);
    print!("{}", gipf_ai::bench::bench(depth));
}
