//! [`Image`]: an image frame-host serves (a wallet's logo or letter tile, a network, currency
//! or token mark), the media types it accepts, and the one way every image is answered.

use axum::{
    body::Bytes,
    http::{header, HeaderMap, HeaderName, HeaderValue, StatusCode},
    response::{IntoResponse, Response},
};
use sha2::{Digest, Sha256};

/// Browsers and caches may keep an image a day.
const CACHE_CONTROL: &str = "public, max-age=86400";

/// The policy of every image: shown by `<img>` on the dapp's page, it needs none; opened as a
/// document (an SVG could carry a script), it runs nothing, loads nothing and sits in no frame.
/// Inline styles stay allowed: SVG logos use them to draw.
pub(crate) const CSP: &str =
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

/// The image formats frame-host serves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ImageKind {
    /// `image/png`.
    Png,
    /// `image/jpeg`.
    Jpeg,
    /// `image/webp`.
    Webp,
    /// `image/svg+xml`.
    Svg,
}

impl ImageKind {
    /// The media type, as `Content-Type` says it.
    pub(crate) fn media_type(self) -> &'static str {
        match self {
            Self::Png => "image/png",
            Self::Jpeg => "image/jpeg",
            Self::Webp => "image/webp",
            Self::Svg => "image/svg+xml",
        }
    }

    /// The kind a `Content-Type` value names (parameters and case ignored), if one of ours.
    pub(crate) fn from_media_type(value: &str) -> Option<Self> {
        let essence = value.split(';').next().unwrap_or_default().trim();
        [Self::Png, Self::Jpeg, Self::Webp, Self::Svg]
            .into_iter()
            .find(|kind| essence.eq_ignore_ascii_case(kind.media_type()))
    }

    /// The kind `bytes` are, by their first bytes (an SVG: UTF-8 text that opens an `<svg`
    /// element within its first 1 KiB), if one of ours.
    pub(crate) fn sniff(bytes: &[u8]) -> Option<Self> {
        if bytes.starts_with(&super::png::SIGNATURE) {
            return Some(Self::Png);
        }
        if bytes.starts_with(&[0xff, 0xd8, 0xff]) {
            return Some(Self::Jpeg);
        }
        if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
            return Some(Self::Webp);
        }
        let text = std::str::from_utf8(bytes).ok()?;
        let text = text.trim_start_matches('\u{feff}').trim_start();
        let head = text.get(..text.len().min(1024)).unwrap_or(text);
        (text.starts_with('<') && head.contains("<svg")).then_some(Self::Svg)
    }
}

/// An image and its entity tag.
#[derive(Debug, Clone)]
pub(crate) struct Image {
    pub(crate) bytes: Bytes,
    pub(crate) kind: ImageKind,
    /// A quoted strong tag derived from the bytes.
    pub(crate) etag: HeaderValue,
}

impl Image {
    /// `bytes` of `kind`, tagged by their SHA-256.
    pub(crate) fn new(bytes: impl Into<Bytes>, kind: ImageKind) -> Self {
        let bytes = bytes.into();
        Self {
            etag: etag(&bytes),
            bytes,
            kind,
        }
    }

    /// The answer to a GET of this image: 304 when `If-None-Match` has its tag, else the
    /// bytes; cacheable a day, shown across origins, under [`CSP`].
    pub(crate) fn respond(&self, request: &HeaderMap) -> Response {
        let tag = self.etag.as_bytes();
        let fresh = request
            .get_all(header::IF_NONE_MATCH)
            .iter()
            .flat_map(|v| v.as_bytes().split(|&b| b == b','))
            .map(<[u8]>::trim_ascii)
            .any(|t| t == tag || t == b"*");
        let headers = [
            (header::ETAG, self.etag.clone()),
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static(CACHE_CONTROL),
            ),
            (
                header::CONTENT_SECURITY_POLICY,
                HeaderValue::from_static(CSP),
            ),
            (
                HeaderName::from_static("cross-origin-resource-policy"),
                HeaderValue::from_static("cross-origin"),
            ),
            (
                header::X_CONTENT_TYPE_OPTIONS,
                HeaderValue::from_static("nosniff"),
            ),
        ];
        if fresh {
            return (StatusCode::NOT_MODIFIED, headers).into_response();
        }
        let media_type = HeaderValue::from_static(self.kind.media_type());
        (
            headers,
            [(header::CONTENT_TYPE, media_type)],
            self.bytes.clone(),
        )
            .into_response()
    }
}

/// A quoted tag from the first 12 bytes of the SHA-256 of `bytes`, in hex.
fn etag(bytes: &[u8]) -> HeaderValue {
    let hash = Sha256::digest(bytes);
    let hex: String = hash[..12].iter().map(|b| format!("{b:02x}")).collect();
    HeaderValue::from_str(&format!("\"{hex}\"")).expect("hex in quotes is a header value")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn media_types_are_read_without_parameters_or_case() {
        assert_eq!(
            ImageKind::from_media_type("Image/PNG; charset=binary"),
            Some(ImageKind::Png)
        );
        assert_eq!(
            ImageKind::from_media_type("image/svg+xml"),
            Some(ImageKind::Svg)
        );
        for refused in ["text/html", "image/gif", "image/avif", "", "image/svg"] {
            assert_eq!(ImageKind::from_media_type(refused), None, "{refused}");
        }
    }

    #[test]
    fn kinds_are_told_by_their_first_bytes() {
        assert_eq!(
            ImageKind::sniff(b"\x89PNG\r\n\x1a\n\0\0"),
            Some(ImageKind::Png)
        );
        assert_eq!(
            ImageKind::sniff(&[0xff, 0xd8, 0xff, 0xe0]),
            Some(ImageKind::Jpeg)
        );
        assert_eq!(
            ImageKind::sniff(b"RIFF\x10\0\0\0WEBPVP8 "),
            Some(ImageKind::Webp)
        );
        for svg in [
            "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
            "\u{feff}\n <?xml version=\"1.0\"?>\n<svg/>",
            "<!-- logo -->\n<svg viewBox=\"0 0 1 1\"></svg>",
        ] {
            assert_eq!(
                ImageKind::sniff(svg.as_bytes()),
                Some(ImageKind::Svg),
                "{svg}"
            );
        }
        for other in [
            &b"<html><body>not found</body></html>"[..],
            b"GIF89a",
            b"{\"error\":1}",
            b"\xff\xfe<svg",
            b"",
        ] {
            assert_eq!(ImageKind::sniff(other), None, "{other:?}");
        }
    }

    #[test]
    fn tags_follow_the_bytes() {
        let a = Image::new(&b"<svg/>"[..], ImageKind::Svg);
        assert_eq!(a.etag.len(), 26);
        assert!(a.etag.to_str().unwrap().starts_with('"'));
        assert_eq!(a.etag, Image::new(&b"<svg/>"[..], ImageKind::Svg).etag);
        assert_ne!(a.etag, Image::new(&b"<svg />"[..], ImageKind::Svg).etag);
    }
}
