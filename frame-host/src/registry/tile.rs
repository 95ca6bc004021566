//! Letter tiles: a wallet's image when it has no logo, a rounded square in a colour picked
//! by the wallet id, with the name's initials, as a PNG.
//!
//! A raster image rather than an SVG: the browser draws each SVG image as a document of its
//! own on the page's main thread, which cost the demo's Connect view 5 to 25 ms per tile on two
//! cores, while the wallet frame was starting (frame-wasm/README.md, "the host page's work").

use std::sync::LazyLock;

use noto_sans_mono_bitmap::{get_raster, get_raster_width, FontWeight, RasterHeight};

use super::png;

/// Background colours, dark enough for white text.
const PALETTE: [[u8; 3]; 12] = [
    [0x3b, 0x5b, 0xdb],
    [0x1c, 0x7e, 0xd6],
    [0x0c, 0x85, 0x99],
    [0x09, 0x92, 0x68],
    [0x2b, 0x8a, 0x3e],
    [0x5c, 0x94, 0x0d],
    [0xe8, 0x59, 0x0c],
    [0xd9, 0x48, 0x0f],
    [0xc2, 0x25, 0x5c],
    [0xa6, 0x1e, 0x4d],
    [0x86, 0x2e, 0x9c],
    [0x5f, 0x3d, 0xc4],
];
/// The tile's side and corner radius, in pixels (the SDK shows it at 40 to 48 CSS pixels).
const SIZE: usize = 96;
const RADIUS: f32 = 24.0;
/// The glyphs are drawn from 32 px rasters, scaled up: two letters by 1.5 (capitals about 28 px
/// high), one letter by 1.875 (about 35 px).
const GLYPH: RasterHeight = RasterHeight::Size32;
const SCALES: [f32; 2] = [1.875, 1.5];
/// Sub-samples per pixel side for the corners' coverage.
const SAMPLES: usize = 4;

/// The PNG image of a wallet called `name` with id `id` (64 hex digits). Initials the font has
/// no glyph for (it covers Latin script) leave the tile plain.
pub(crate) fn wallet_png(name: &str, id: &str) -> Vec<u8> {
    let index = u8::from_str_radix(id.get(..2).unwrap_or("00"), 16).unwrap_or(0);
    let [r, g, b] = PALETTE[usize::from(index) % PALETTE.len()];
    let text = Text::of(&initials(name));
    let mut rgba = Vec::with_capacity(SIZE * SIZE * 4);
    for (i, &alpha) in SQUARE.iter().enumerate() {
        let ink = text
            .as_ref()
            .map_or(0.0, |t| t.coverage(i % SIZE, i / SIZE));
        let mix = |c: u8| (f32::from(c) + (255.0 - f32::from(c)) * ink).round() as u8;
        rgba.extend_from_slice(&[mix(r), mix(g), mix(b), alpha]);
    }
    png::encode_rgba(SIZE as u32, SIZE as u32, &rgba)
}

/// The rounded square's alpha, pixel by pixel, row by row: the same for every tile.
static SQUARE: LazyLock<Vec<u8>> = LazyLock::new(|| {
    (0..SIZE * SIZE)
        .map(|i| (255.0 * square_coverage(i % SIZE, i / SIZE)).round() as u8)
        .collect()
});

/// How much of pixel (`x`, `y`) the rounded square covers, 0 to 1.
fn square_coverage(x: usize, y: usize) -> f32 {
    let (low, high) = (RADIUS, SIZE as f32 - RADIUS);
    let mut inside = 0;
    for sy in 0..SAMPLES {
        for sx in 0..SAMPLES {
            let px = x as f32 + (sx as f32 + 0.5) / SAMPLES as f32;
            let py = y as f32 + (sy as f32 + 0.5) / SAMPLES as f32;
            let (dx, dy) = (px - px.clamp(low, high), py - py.clamp(low, high));
            inside += usize::from(dx * dx + dy * dy <= RADIUS * RADIUS);
        }
    }
    inside as f32 / (SAMPLES * SAMPLES) as f32
}

/// The initials as one mask of glyph intensities, cut to its ink and centred in the tile.
struct Text {
    mask: Vec<f32>,
    width: usize,
    height: usize,
    /// How many tile pixels one mask pixel spans.
    scale: f32,
    /// Where the mask's top left corner falls in the tile, in tile pixels.
    left: f32,
    top: f32,
}

impl Text {
    fn of(letters: &str) -> Option<Self> {
        let glyphs: Option<Vec<_>> = letters
            .chars()
            .map(|c| get_raster(c, FontWeight::Bold, GLYPH))
            .collect();
        let glyphs = glyphs.filter(|g| !g.is_empty())?;
        let cell = get_raster_width(FontWeight::Bold, GLYPH);
        let (full_width, full_height) = (cell * glyphs.len(), GLYPH.val());
        let ink = |x: usize, y: usize| glyphs[x / cell].pixel(x % cell, y).unwrap_or(0);
        // The ink's bounding box, so that the letters, not their cells, are centred.
        let (mut x0, mut y0, mut x1, mut y1) = (full_width, full_height, 0, 0);
        for y in 0..full_height {
            for x in 0..full_width {
                if ink(x, y) > 0 {
                    (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x + 1), y1.max(y + 1));
                }
            }
        }
        if x0 >= x1 {
            return None;
        }
        let (width, height) = (x1 - x0, y1 - y0);
        let mask = (y0..y1)
            .flat_map(|y| (x0..x1).map(move |x| (x, y)))
            .map(|(x, y)| f32::from(ink(x, y)) / 255.0)
            .collect();
        let scale = SCALES[glyphs.len().min(2) - 1];
        Some(Self {
            mask,
            width,
            height,
            scale,
            left: (SIZE as f32 - width as f32 * scale) / 2.0,
            top: (SIZE as f32 - height as f32 * scale) / 2.0,
        })
    }

    /// The ink over tile pixel (`x`, `y`): the mask sampled bilinearly at the pixel's centre.
    fn coverage(&self, x: usize, y: usize) -> f32 {
        let u = (x as f32 + 0.5 - self.left) / self.scale - 0.5;
        let v = (y as f32 + 0.5 - self.top) / self.scale - 0.5;
        let at = |i: f32, j: f32| {
            let inside =
                i >= 0.0 && j >= 0.0 && (i as usize) < self.width && (j as usize) < self.height;
            if inside {
                self.mask[j as usize * self.width + i as usize]
            } else {
                0.0
            }
        };
        let (i, j) = (u.floor(), v.floor());
        let (fx, fy) = (u - i, v - j);
        let top = at(i, j) * (1.0 - fx) + at(i + 1.0, j) * fx;
        let bottom = at(i, j + 1.0) * (1.0 - fx) + at(i + 1.0, j + 1.0) * fx;
        top * (1.0 - fy) + bottom * fy
    }
}

/// Up to two letters: the first of the first two words, or for one word its first letter
/// and its next capital (`MetaMask` -> `MM`).
fn initials(name: &str) -> String {
    let words: Vec<&str> = name
        .split(|c: char| !c.is_alphanumeric() && c != '\'')
        .filter(|w| w.chars().any(char::is_alphanumeric))
        .collect();
    let first = |w: &str| w.chars().find(|c| c.is_alphanumeric());
    let letters: Vec<char> = match words.as_slice() {
        [] => vec!['?'],
        [one] => {
            let mut chars = one.chars().filter(|c| c.is_alphanumeric());
            let head = chars.next().into_iter();
            head.chain(chars.find(|c| c.is_uppercase())).collect()
        }
        [a, b, ..] => first(a).into_iter().chain(first(b)).collect(),
    };
    letters.iter().flat_map(|c| c.to_uppercase()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn initials_of_names() {
        assert_eq!(initials("MetaMask"), "MM");
        assert_eq!(initials("Trust Wallet"), "TW");
        assert_eq!(initials("imToken"), "IT");
        assert_eq!(initials("Safe"), "S");
        assert_eq!(initials("1inch Wallet"), "1W");
        assert_eq!(initials("D'CENT Wallet"), "DW");
        assert_eq!(initials("Crypto.com Onchain"), "CC");
        assert_eq!(initials("---"), "?");
    }

    #[test]
    fn the_tile_is_a_rounded_square_of_the_id_s_colour_with_white_initials() {
        let (width, height, rgba) =
            png::tests::decode(&wallet_png("Trust Wallet", &"0".repeat(64)));
        assert_eq!((width, height), (96, 96));
        let pixel = |x: usize, y: usize| &rgba[(y * SIZE + x) * 4..][..4];
        // The corners are transparent, the edges' middles opaque in the palette's colour.
        assert_eq!(pixel(0, 0)[3], 0);
        assert_eq!(pixel(95, 95)[3], 0);
        let [r, g, b] = PALETTE[0];
        assert_eq!(pixel(48, 1), [r, g, b, 255]);
        assert_eq!(pixel(1, 48), [r, g, b, 255]);
        // The rounded corners fade over a pixel: some of their pixels are partly covered.
        let partial = (0..24)
            .flat_map(|y| (0..24).map(move |x| (x, y)))
            .filter(|&(x, y)| (1..255).contains(&pixel(x, y)[3]))
            .count();
        assert!(partial > 20, "{partial} partly covered pixels in a corner");
        // "TW" in white across the middle (a pixel at least half ink: its red past halfway
        // from the colour's to white's), none of it near the edges.
        let inked: Vec<(usize, usize)> = (0..SIZE)
            .flat_map(|y| (0..SIZE).map(move |x| (x, y)))
            .filter(|&(x, y)| pixel(x, y)[0] > r + (255 - r) / 2)
            .collect();
        assert!(inked.len() > 400, "{} pixels of ink", inked.len());
        assert!(inked
            .iter()
            .any(|&(x, y)| pixel(x, y)[..3] == [255, 255, 255]));
        assert!(inked
            .iter()
            .all(|&(x, y)| (12..84).contains(&x) && (24..72).contains(&y)));
        // Centred: the ink's bounding box has its middle within a pixel of the tile's.
        let (xs, ys) = (inked.iter().map(|p| p.0), inked.iter().map(|p| p.1));
        let x_middle = (xs.clone().min().unwrap() + xs.max().unwrap() + 1) as f32 / 2.0;
        let y_middle = (ys.clone().min().unwrap() + ys.max().unwrap() + 1) as f32 / 2.0;
        assert!(
            (x_middle - 48.0).abs() <= 1.0 && (y_middle - 48.0).abs() <= 1.0,
            "{x_middle} {y_middle}"
        );
    }

    #[test]
    fn the_colour_comes_from_the_id_and_unknown_scripts_leave_the_tile_plain() {
        let (_, _, rgba) = png::tests::decode(&wallet_png("X", &"f".repeat(64)));
        let [r, g, b] = PALETTE[255 % 12];
        assert_eq!(rgba[(48 * SIZE + 2) * 4..][..4], [r, g, b, 255]);
        let (_, _, plain) = png::tests::decode(&wallet_png("币安", &"0".repeat(64)));
        let [r, g, b] = PALETTE[0];
        assert!(plain
            .chunks_exact(4)
            .all(|p| p[3] == 0 || p[..3] == [r, g, b]));
    }

    #[test]
    fn one_letter_is_drawn_larger_than_two() {
        let ink_height = |name: &str| {
            let (_, _, rgba) = png::tests::decode(&wallet_png(name, &"0".repeat(64)));
            let rows: Vec<usize> = (0..SIZE)
                .filter(|y| (0..SIZE).any(|x| rgba[(y * SIZE + x) * 4] > 200))
                .collect();
            rows.len()
        };
        let (one, two) = (ink_height("Safe"), ink_height("Trust Wallet"));
        assert!(
            (30..40).contains(&one) && (24..32).contains(&two),
            "{one} {two}"
        );
    }

    #[test]
    fn a_tile_is_small() {
        let png = wallet_png("MetaMask", &"a".repeat(64));
        assert!(png.len() < 3_000, "{} bytes", png.len());
    }
}
