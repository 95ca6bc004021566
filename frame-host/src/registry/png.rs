//! A minimal PNG encoder for the letter tiles: 8-bit RGBA, each row filtered with `Sub` (a tile
//! is runs of one colour, which `Sub` turns into zeros), deflated at the highest level.

/// The eight bytes every PNG opens with.
pub(crate) const SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];
const CRC: crc::Crc<u32> = crc::Crc::<u32>::new(&crc::CRC_32_ISO_HDLC);

/// The PNG of a `width` x `height` image whose `rgba` holds 4 bytes per pixel, row by row.
pub(crate) fn encode_rgba(width: u32, height: u32, rgba: &[u8]) -> Vec<u8> {
    let row = width as usize * 4;
    assert_eq!(
        rgba.len(),
        row * height as usize,
        "rgba holds 4 bytes per pixel"
    );
    let mut filtered = Vec::with_capacity((row + 1) * height as usize);
    for line in rgba.chunks_exact(row) {
        filtered.push(1); // Sub: each byte less the same byte of the pixel to its left
        filtered.extend_from_slice(&line[..4]);
        filtered.extend(
            line[4..]
                .iter()
                .zip(line)
                .map(|(b, left)| b.wrapping_sub(*left)),
        );
    }
    let mut header = Vec::with_capacity(13);
    header.extend_from_slice(&width.to_be_bytes());
    header.extend_from_slice(&height.to_be_bytes());
    // Bit depth 8, colour type 6 (RGBA), deflate, adaptive filtering, no interlace.
    header.extend_from_slice(&[8, 6, 0, 0, 0]);

    let mut png = SIGNATURE.to_vec();
    chunk(&mut png, b"IHDR", &header);
    chunk(
        &mut png,
        b"IDAT",
        &miniz_oxide::deflate::compress_to_vec_zlib(&filtered, 10),
    );
    chunk(&mut png, b"IEND", &[]);
    png
}

fn chunk(png: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    let length = u32::try_from(data.len()).expect("a tile's chunk is far below 4 GiB");
    png.extend_from_slice(&length.to_be_bytes());
    let start = png.len();
    png.extend_from_slice(kind);
    png.extend_from_slice(data);
    let crc = CRC.checksum(&png[start..]);
    png.extend_from_slice(&crc.to_be_bytes());
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Decodes a PNG written by [`encode_rgba`]: its width, height and RGBA pixels, checking
    /// every chunk's CRC on the way.
    pub(crate) fn decode(png: &[u8]) -> (u32, u32, Vec<u8>) {
        assert_eq!(png[..8], SIGNATURE);
        let mut at = 8;
        let (mut width, mut height, mut deflated) = (0, 0, Vec::new());
        while at < png.len() {
            let length = u32::from_be_bytes(png[at..at + 4].try_into().unwrap()) as usize;
            let kind = &png[at + 4..at + 8];
            let data = &png[at + 8..at + 8 + length];
            let crc =
                u32::from_be_bytes(png[at + 8 + length..at + 12 + length].try_into().unwrap());
            assert_eq!(
                CRC.checksum(&png[at + 4..at + 8 + length]),
                crc,
                "CRC of {kind:?}"
            );
            match kind {
                b"IHDR" => {
                    width = u32::from_be_bytes(data[..4].try_into().unwrap());
                    height = u32::from_be_bytes(data[4..8].try_into().unwrap());
                    assert_eq!(data[8..], [8, 6, 0, 0, 0]);
                }
                b"IDAT" => deflated.extend_from_slice(data),
                b"IEND" => assert_eq!(at + 12, png.len(), "IEND is last"),
                other => panic!("unexpected chunk {other:?}"),
            }
            at += 12 + length;
        }
        let filtered = miniz_oxide::inflate::decompress_to_vec_zlib(&deflated).unwrap();
        let row = width as usize * 4;
        let mut rgba = Vec::with_capacity(row * height as usize);
        for line in filtered.chunks_exact(row + 1) {
            assert_eq!(line[0], 1, "every row is Sub-filtered");
            let start = rgba.len();
            for (i, byte) in line[1..].iter().enumerate() {
                let left = if i < 4 { 0 } else { rgba[start + i - 4] };
                rgba.push(byte.wrapping_add(left));
            }
        }
        assert_eq!(rgba.len(), row * height as usize);
        (width, height, rgba)
    }

    #[test]
    fn pixels_come_back_as_they_went_in() {
        let rgba: Vec<u8> = (0..3 * 2 * 4).map(|i| (i * 37 % 256) as u8).collect();
        let png = encode_rgba(3, 2, &rgba);
        assert_eq!(decode(&png), (3, 2, rgba));
    }

    #[test]
    fn the_crc_is_png_s() {
        // The CRC of an empty IEND chunk, as every PNG ends.
        assert_eq!(CRC.checksum(b"IEND"), 0xae42_6082);
    }
}
