//! A palette of at most 256 colours for the board pictures, by median cut.
//!
//! A picture is a few flat colours plus their antialiased edges, so 256 colours show it as
//! it is, and a palette image is a third of the bytes to compress. Colours are counted at 6
//! bits per channel (262,144 buckets, a table instead of a hash map: about a millisecond for
//! a picture): a step of 4 in a channel is invisible, and the table makes mapping a pixel
//! to its palette index one lookup.

use image::RgbImage;

/// Bits kept per channel.
const BITS: u32 = 6;
/// Buckets in the colour table.
const BUCKETS: usize = 1 << (3 * BITS);

/// The bucket of a pixel.
fn bucket([r, g, b]: [u8; 3]) -> usize {
    let shift = 8 - BITS;
    ((r as usize >> shift) << (2 * BITS)) | ((g as usize >> shift) << BITS) | (b as usize >> shift)
}

/// The middle colour of a bucket, as a channel triple.
fn bucket_colour(bucket: usize) -> [u32; 3] {
    let mask = (1 << BITS) - 1;
    let shift = 8 - BITS;
    let half = 1 << (shift - 1);
    [
        (((bucket >> (2 * BITS)) & mask) << shift) as u32 + half,
        (((bucket >> BITS) & mask) << shift) as u32 + half,
        ((bucket & mask) << shift) as u32 + half,
    ]
}

/// How many pixels of each colour bucket a set of pictures holds.
pub(crate) struct Histogram(Vec<u32>);

impl Histogram {
    /// An empty count.
    pub(crate) fn new() -> Histogram {
        Histogram(vec![0; BUCKETS])
    }

    /// Counts the pixels of `image`.
    pub(crate) fn add(&mut self, image: &RgbImage) {
        // Most pixels continue a run of one colour: count runs, not pixels one by one.
        let (mut run_colour, mut run) = ([0u8; 3], 0u32);
        for pixel in image.as_raw().chunks_exact(3) {
            let colour = [pixel[0], pixel[1], pixel[2]];
            if colour == run_colour {
                run += 1;
                continue;
            }
            self.count(run_colour, run);
            (run_colour, run) = (colour, 1);
        }
        self.count(run_colour, run);
    }

    fn count(&mut self, colour: [u8; 3], pixels: u32) {
        let count = &mut self.0[bucket(colour)];
        *count = count.saturating_add(pixels);
    }
}

/// A set of colour buckets that becomes one palette entry.
struct Box {
    /// `(bucket, pixels)`, every pixel count above zero.
    buckets: Vec<(usize, u32)>,
    /// The channel with the widest spread of colours, and that spread.
    widest: (usize, u32),
}

impl Box {
    fn new(buckets: Vec<(usize, u32)>) -> Box {
        let mut low = [u32::MAX; 3];
        let mut high = [0; 3];
        for &(b, _) in &buckets {
            for (channel, value) in bucket_colour(b).into_iter().enumerate() {
                low[channel] = low[channel].min(value);
                high[channel] = high[channel].max(value);
            }
        }
        let widest = (0..3)
            .map(|c| (c, high[c].saturating_sub(low[c])))
            .max_by_key(|&(_, spread)| spread)
            .unwrap_or((0, 0));
        Box { buckets, widest }
    }

    /// Splits at the pixel-weighted median of the widest channel.
    fn split(mut self) -> (Box, Box) {
        let (channel, _) = self.widest;
        self.buckets
            .sort_unstable_by_key(|&(b, _)| bucket_colour(b)[channel]);
        let total: u64 = self.buckets.iter().map(|&(_, n)| u64::from(n)).sum();
        let mut seen = 0;
        let mut at = 1;
        for (i, &(_, n)) in self.buckets.iter().enumerate() {
            seen += u64::from(n);
            if seen * 2 >= total {
                at = i + 1;
                break;
            }
        }
        // Both halves keep at least one bucket.
        let at = at.clamp(1, self.buckets.len() - 1);
        let upper = self.buckets.split_off(at);
        (Box::new(self.buckets), Box::new(upper))
    }

    /// The pixel-weighted mean colour.
    fn mean(&self) -> [u8; 3] {
        let mut sum = [0u64; 3];
        let mut total = 0u64;
        for &(b, n) in &self.buckets {
            for (s, c) in sum.iter_mut().zip(bucket_colour(b)) {
                *s += u64::from(c) * u64::from(n);
            }
            total += u64::from(n);
        }
        sum.map(|s| (s / total.max(1)).min(255) as u8)
    }
}

/// At most 256 colours, and for every colour bucket its entry.
pub(crate) struct Palette {
    /// The colours, in entry order.
    pub(crate) colours: Vec<[u8; 3]>,
    /// The entry of each bucket (buckets the histogram did not hold map to entry 0).
    entry_of: Vec<u8>,
}

impl Palette {
    /// A palette of at most `size` (1 to 256) colours for the pixels counted in `histogram`:
    /// the box with the widest spread of colours is cut in two at its median until there
    /// are `size` boxes or every box is a single bucket. Cutting the widest first keeps a
    /// small patch of a distinct colour (the last move's orange) apart from the big flat
    /// areas.
    pub(crate) fn median_cut(histogram: &Histogram, size: usize) -> Palette {
        let buckets: Vec<(usize, u32)> = (0..BUCKETS)
            .filter(|&b| histogram.0[b] > 0)
            .map(|b| (b, histogram.0[b]))
            .collect();
        let mut boxes = vec![Box::new(buckets)];
        while boxes.len() < size.clamp(1, 256) {
            let widest = boxes
                .iter()
                .enumerate()
                .filter(|(_, b)| b.buckets.len() > 1)
                .max_by_key(|(_, b)| b.widest.1);
            let Some((i, _)) = widest else { break };
            let (lower, upper) = boxes.swap_remove(i).split();
            boxes.push(lower);
            boxes.push(upper);
        }
        let mut entry_of = vec![0u8; BUCKETS];
        let mut colours = Vec::with_capacity(boxes.len());
        for (entry, b) in boxes.iter().enumerate() {
            colours.push(b.mean());
            for &(bucket, _) in &b.buckets {
                entry_of[bucket] = entry as u8;
            }
        }
        Palette { colours, entry_of }
    }

    /// The palette of one picture.
    pub(crate) fn of(image: &RgbImage) -> Palette {
        let mut histogram = Histogram::new();
        histogram.add(image);
        Palette::median_cut(&histogram, 256)
    }

    /// The entry of a colour.
    pub(crate) fn entry(&self, colour: [u8; 3]) -> u8 {
        self.entry_of[bucket(colour)]
    }

    /// The picture as one entry per pixel, row by row.
    pub(crate) fn indexed(&self, image: &RgbImage) -> Vec<u8> {
        let mut entries = vec![0; image.as_raw().len() / 3];
        let mut last = ([0u8; 3], self.entry([0; 3]));
        for (entry, pixel) in entries.iter_mut().zip(image.as_raw().chunks_exact(3)) {
            let colour = [pixel[0], pixel[1], pixel[2]];
            if colour != last.0 {
                last = (colour, self.entry(colour));
            }
            *entry = last.1;
        }
        entries
    }

    /// The colours as `r, g, b, r, g, b, ...`, as PNG and GIF write them.
    pub(crate) fn rgb_bytes(&self) -> Vec<u8> {
        self.colours.iter().flatten().copied().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    #[test]
    fn a_picture_of_few_colours_keeps_each_of_them_within_a_step() {
        let flat = [[0xf3, 0xea, 0xd7], [0xe8, 0x59, 0x0c], [0x24, 0x1d, 0x16]];
        let image = RgbImage::from_fn(64, 48, |x, y| {
            // Big flat areas and one pixel of the rare orange.
            match (x, y) {
                (5, 5) => Rgb(flat[1]),
                (x, _) if x < 40 => Rgb(flat[0]),
                _ => Rgb(flat[2]),
            }
        });
        let palette = Palette::of(&image);
        assert_eq!(palette.colours.len(), 3);
        for colour in flat {
            let shown = palette.colours[palette.entry(colour) as usize];
            for (a, b) in shown.iter().zip(colour) {
                assert!(a.abs_diff(b) <= 2, "{colour:?} shown as {shown:?}");
            }
        }
    }

    #[test]
    fn a_gradient_of_many_colours_gets_at_most_the_palette_size() {
        let image = RgbImage::from_fn(256, 256, |x, y| Rgb([x as u8, y as u8, (x ^ y) as u8]));
        for size in [1, 2, 17, 255, 256] {
            let mut histogram = Histogram::new();
            histogram.add(&image);
            let palette = Palette::median_cut(&histogram, size);
            assert_eq!(palette.colours.len(), size);
            let indexed = palette.indexed(&image);
            assert!(indexed.iter().all(|&e| (e as usize) < size));
        }
        // With 256 colours, no pixel is far from its entry.
        let palette = Palette::of(&image);
        let worst = image
            .pixels()
            .map(|p| {
                let shown = palette.colours[palette.entry(p.0) as usize];
                (0..3).map(|c| shown[c].abs_diff(p.0[c])).max().unwrap_or(0)
            })
            .max();
        assert!(worst.is_some_and(|w| w <= 40), "{worst:?}");
    }
}
