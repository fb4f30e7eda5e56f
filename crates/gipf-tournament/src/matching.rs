//! Perfect matchings of a pairing graph: Edmonds' blossom algorithm, grown one augmenting
//! path at a time, so that a Swiss round can ask "can the rest still be paired?" cheaply.

use std::collections::VecDeque;

/// Who may play whom: a symmetric adjacency matrix over positions `0..len`.
pub(crate) struct Graph {
    len: usize,
    edges: Vec<bool>,
}

impl Graph {
    /// The graph with an edge wherever `allowed(a, b)` (asked once per pair, `a < b`).
    pub fn build(len: usize, mut allowed: impl FnMut(usize, usize) -> bool) -> Graph {
        let mut edges = vec![false; len * len];
        for a in 0..len {
            for b in a + 1..len {
                if allowed(a, b) {
                    edges[a * len + b] = true;
                    edges[b * len + a] = true;
                }
            }
        }
        Graph { len, edges }
    }

    /// Whether `a` and `b` may meet.
    pub fn has(&self, a: usize, b: usize) -> bool {
        self.edges[a * self.len + b]
    }
}

/// A matching of a graph's live positions.
#[derive(Clone)]
pub(crate) struct Matching {
    mate: Vec<Option<usize>>,
}

impl Matching {
    /// A maximum matching of the `alive` positions: a greedy start, then augmenting paths.
    pub fn maximum(graph: &Graph, alive: &[bool]) -> Matching {
        let mut matching = Matching {
            mate: vec![None; graph.len],
        };
        for a in 0..graph.len {
            for b in a + 1..graph.len {
                let free = matching.mate[a].is_none() && matching.mate[b].is_none();
                if free && alive[a] && alive[b] && graph.has(a, b) {
                    matching.mate[a] = Some(b);
                    matching.mate[b] = Some(a);
                }
            }
        }
        matching.complete(graph, alive);
        matching
    }

    /// The partner of a position.
    pub fn mate(&self, position: usize) -> Option<usize> {
        self.mate[position]
    }

    /// How many live positions are matched.
    pub fn matched(&self, alive: &[bool]) -> usize {
        let matched = |&p: &usize| alive[p] && self.mate[p].is_some();
        (0..self.mate.len()).filter(matched).count()
    }

    /// Unpairs a position (its partner becomes free).
    pub fn free(&mut self, position: usize) {
        if let Some(partner) = self.mate[position].take() {
            self.mate[partner] = None;
        }
    }

    /// Augments from every free live position; true if every live position ends up matched.
    pub fn complete(&mut self, graph: &Graph, alive: &[bool]) -> bool {
        for root in 0..graph.len {
            if alive[root] && self.mate[root].is_none() {
                Augmenting::new(graph, alive).search(root, &mut self.mate);
            }
        }
        (0..graph.len).all(|p| !alive[p] || self.mate[p].is_some())
    }

    /// Fixes the pair `a`–`b` if the other live positions can still all be paired; on
    /// success `a` and `b` are matched together and the rest stays perfect. The matching must
    /// be perfect on `alive` before the call.
    pub fn fix_pair(&mut self, graph: &Graph, alive: &mut [bool], a: usize, b: usize) -> bool {
        if self.mate[a] == Some(b) {
            alive[a] = false;
            alive[b] = false;
            return true;
        }
        let mut trial = self.clone();
        trial.free(a);
        trial.free(b);
        alive[a] = false;
        alive[b] = false;
        if trial.complete(graph, alive) {
            trial.mate[a] = Some(b);
            trial.mate[b] = Some(a);
            *self = trial;
            return true;
        }
        alive[a] = true;
        alive[b] = true;
        false
    }
}

/// One search for an augmenting path from a root, contracting odd cycles (blossoms).
struct Augmenting<'a> {
    graph: &'a Graph,
    alive: &'a [bool],
    parent: Vec<Option<usize>>,
    base: Vec<usize>,
    reached: Vec<bool>,
    queue: VecDeque<usize>,
}

impl<'a> Augmenting<'a> {
    fn new(graph: &'a Graph, alive: &'a [bool]) -> Augmenting<'a> {
        Augmenting {
            graph,
            alive,
            parent: vec![None; graph.len],
            base: (0..graph.len).collect(),
            reached: vec![false; graph.len],
            queue: VecDeque::new(),
        }
    }

    /// Searches from `root` and flips the path found, if any; true if the matching grew.
    fn search(mut self, root: usize, mate: &mut [Option<usize>]) -> bool {
        self.reached[root] = true;
        self.queue.push_back(root);
        while let Some(v) = self.queue.pop_front() {
            for to in 0..self.graph.len {
                if !self.alive[to] || !self.graph.has(v, to) {
                    continue;
                }
                if self.base[v] == self.base[to] || mate[v] == Some(to) {
                    continue;
                }
                let outer = |to: usize| mate[to].is_some_and(|m| self.parent[m].is_some());
                if to == root || outer(to) {
                    self.contract(v, to, mate);
                } else if self.parent[to].is_none() {
                    self.parent[to] = Some(v);
                    let Some(next) = mate[to] else {
                        flip(&self.parent, mate, to);
                        return true;
                    };
                    self.reached[next] = true;
                    self.queue.push_back(next);
                }
            }
        }
        false
    }

    /// Shrinks the blossom closed by the edge `v`–`to` into its base.
    fn contract(&mut self, v: usize, to: usize, mate: &[Option<usize>]) {
        let Some(base) = self.common_base(v, to, mate) else {
            return;
        };
        let mut in_blossom = vec![false; self.graph.len];
        self.mark_path(v, base, to, mate, &mut in_blossom);
        self.mark_path(to, base, v, mate, &mut in_blossom);
        for position in 0..self.graph.len {
            if in_blossom[self.base[position]] {
                self.base[position] = base;
                if !self.reached[position] {
                    self.reached[position] = true;
                    self.queue.push_back(position);
                }
            }
        }
    }

    /// The base of the blossom: the first common vertex of the two paths to the root.
    fn common_base(&self, a: usize, b: usize, mate: &[Option<usize>]) -> Option<usize> {
        let mut on_path = vec![false; self.graph.len];
        let mut a = a;
        loop {
            a = self.base[a];
            on_path[a] = true;
            match mate[a].and_then(|m| self.parent[m]) {
                Some(next) => a = next,
                None => break,
            }
        }
        let mut b = b;
        loop {
            b = self.base[b];
            if on_path[b] {
                return Some(b);
            }
            b = mate[b].and_then(|m| self.parent[m])?;
        }
    }

    /// Marks the blossom's vertices from `v` down to `base`, pointing parents across.
    fn mark_path(
        &mut self,
        mut v: usize,
        base: usize,
        mut child: usize,
        mate: &[Option<usize>],
        in_blossom: &mut [bool],
    ) {
        while self.base[v] != base {
            let Some(m) = mate[v] else { return };
            in_blossom[self.base[v]] = true;
            in_blossom[self.base[m]] = true;
            self.parent[v] = Some(child);
            child = m;
            match self.parent[m] {
                Some(next) => v = next,
                None => return,
            }
        }
    }
}

/// Flips the matching along the augmenting path ending at the free vertex `end`.
fn flip(parent: &[Option<usize>], mate: &mut [Option<usize>], end: usize) {
    let mut v = Some(end);
    while let Some(current) = v {
        let Some(previous) = parent[current] else {
            return;
        };
        let next = mate[previous];
        mate[current] = Some(previous);
        mate[previous] = Some(current);
        v = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two triangles joined by an edge: a perfect matching must use the bridge.
    #[test]
    fn finds_a_perfect_matching_through_a_blossom() {
        let edges = [(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 5), (5, 3)];
        let graph = Graph::build(6, |a, b| edges.contains(&(a, b)) || edges.contains(&(b, a)));
        let alive = [true; 6];
        let matching = Matching::maximum(&graph, &alive);
        assert_eq!(matching.matched(&alive), 6);
        assert_eq!(matching.mate(2), Some(3));
    }

    #[test]
    fn a_star_has_no_perfect_matching() {
        let graph = Graph::build(4, |a, _| a == 0);
        let alive = [true; 4];
        assert_eq!(Matching::maximum(&graph, &alive).matched(&alive), 2);
    }
}
