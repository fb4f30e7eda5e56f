//! A player's rating over time, drawn here as an SVG plot: a line a pool (all games, then
//! each kind), the time along, the rating up, the first and last day and the lowest and
//! highest rating written on the axes, and a legend.

use maud::{Markup, html};

use crate::service::PlotLine;

/// The plot's size, in its own units.
const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 280.0;
/// Room for the axes' words: left, right, top, bottom.
const MARGIN: (f64, f64, f64, f64) = (56.0, 16.0, 16.0, 48.0);

/// The colours of the lines, in the order of the pools.
const COLOURS: [&str; 5] = ["#1d4f91", "#b5562b", "#2f7d3b", "#7a3d8f", "#8a6d00"];

/// The plot of `lines`; nothing where no line has a point.
pub(super) fn rating_plot(lines: &[PlotLine]) -> Option<Markup> {
    let points = lines.iter().flat_map(|line| &line.points);
    let (mut t0, mut t1, mut r0, mut r1) = (i64::MAX, i64::MIN, f64::MAX, f64::MIN);
    for &(at, rating) in points {
        (t0, t1, r0, r1) = (t0.min(at), t1.max(at), r0.min(rating), r1.max(rating));
    }
    if t0 > t1 {
        return None;
    }
    // A little room above and below; one day at least along.
    let (low, high) = ((r0 - 20.0).floor(), (r1 + 20.0).ceil());
    let span = (t1 - t0).max(86_400) as f64;
    let (left, right, top, bottom) = MARGIN;
    let x = |at: i64| left + (at - t0) as f64 / span * (WIDTH - left - right);
    let y = |rating: f64| top + (high - rating) / (high - low) * (HEIGHT - top - bottom);
    let day = |at: i64| {
        crate::text::utc(at)
            .get(..10)
            .unwrap_or_default()
            .to_string()
    };
    let label = describe(lines);
    Some(html! {
        svg.plot xmlns="http://www.w3.org/2000/svg" role="img" aria-label=(label)
            viewBox=(format!("0 0 {WIDTH} {HEIGHT}")) {
            title { (label) }
            line x1=(left) y1=(top) x2=(left) y2=(HEIGHT - bottom) stroke="#999" {}
            line x1=(left) y1=(HEIGHT - bottom) x2=(WIDTH - right) y2=(HEIGHT - bottom) stroke="#999" {}
            text x=(left - 6.0) y=(top + 10.0) text-anchor="end" font-size="12" { (high) }
            text x=(left - 6.0) y=(HEIGHT - bottom) text-anchor="end" font-size="12" { (low) }
            text x=(left) y=(HEIGHT - bottom + 16.0) font-size="12" { (day(t0)) }
            text x=(WIDTH - right) y=(HEIGHT - bottom + 16.0) text-anchor="end" font-size="12" { (day(t1)) }
            @for (i, line) in lines.iter().enumerate() {
                @let colour = COLOURS[i % COLOURS.len()];
                @let path = (line.points.iter())
                    .map(|&(at, rating)| format!("{:.1},{:.1}", x(at), y(rating)))
                    .collect::<Vec<_>>()
                    .join(" ");
                polyline points=(path) fill="none" stroke=(colour) stroke-width="2" {}
                @for &(at, rating) in &line.points {
                    circle cx=(format!("{:.1}", x(at))) cy=(format!("{:.1}", y(rating))) r="3" fill=(colour) {}
                }
                rect x=(left + 110.0 * i as f64) y=(HEIGHT - 18.0) width="12" height="12" fill=(colour) {}
                text x=(left + 16.0 + 110.0 * i as f64) y=(HEIGHT - 8.0) font-size="12" { (line.pool) }
            }
        }
    })
}

/// The plot in words, for those who cannot see it: each line's first rating (before its
/// first game) and last.
fn describe(lines: &[PlotLine]) -> String {
    let said: Vec<String> = (lines.iter())
        .filter_map(|line| {
            let (first, last) = (line.points.first()?, line.points.last()?);
            Some(format!(
                "{}: {:.0} to {:.0} over {}",
                line.pool,
                first.1,
                last.1,
                crate::text::count(line.points.len() as u64 - 1, "game")
            ))
        })
        .collect();
    format!("Rating over time. {}.", said.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_drawn_through_each_point_within_the_plot() {
        let lines = [PlotLine {
            pool: "all".into(),
            points: vec![
                (1_000_000, 1500.0),
                (1_086_400, 1662.0),
                (1_172_800, 1600.0),
            ],
        }];
        let svg = rating_plot(&lines).unwrap().into_string();
        assert!(svg.contains("all: 1500 to 1600 over 2 games"), "{svg}");
        let start = svg.find("points=\"").unwrap() + 8;
        let points = &svg[start..start + svg[start..].find('"').unwrap()];
        let xy: Vec<(f64, f64)> = (points.split(' '))
            .map(|p| p.split_once(',').unwrap())
            .map(|(x, y)| (x.parse().unwrap(), y.parse().unwrap()))
            .collect();
        assert_eq!(xy.len(), 3);
        assert_eq!(xy[0].0, MARGIN.0);
        assert_eq!(xy[2].0, WIDTH - MARGIN.1);
        // The highest rating is drawn highest (the smallest y), all within the plot.
        assert!(xy[1].1 < xy[2].1 && xy[2].1 < xy[0].1, "{xy:?}");
        assert!(
            xy.iter()
                .all(|&(_, y)| y >= MARGIN.2 && y <= HEIGHT - MARGIN.3)
        );
        assert!(rating_plot(&[]).is_none());
    }
}
