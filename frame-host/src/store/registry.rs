//! The copy of the WalletConnect registry (`registry_sync`, `registry_wallets`,
//! `registry_images`): written whole by each good sync ([`Store::replace_registry`]), read at
//! startup and by instances that did not sync themselves, and per request for a logo.

use std::collections::HashSet;

use super::{Backend, Store};
use crate::{
    error::Result,
    secrets::{b64, unb64},
};

/// The stored wallet list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RegistryCopy {
    /// When it was taken, Unix ms.
    pub(crate) synced_at: i64,
    /// Each wallet's JSON, in the API's order.
    pub(crate) wallets: Vec<String>,
}

/// A stored logo.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct StoredImage {
    /// Its checked media type, such as `image/png`.
    pub(crate) media_type: String,
    pub(crate) bytes: Vec<u8>,
}

/// One wallet to store: its id, image id and JSON.
pub(crate) type WalletRow = (String, String, String);

impl Store {
    /// When the copy from `source` was taken, if the stored copy is from there.
    pub(crate) async fn registry_synced_at(&self, source: &str) -> Result<Option<i64>> {
        let row: Option<(i64,)> =
            sqlx::query_as("SELECT synced_at FROM registry_sync WHERE source = $1")
                .bind(source)
                .fetch_optional(self.pool())
                .await?;
        Ok(row.map(|(at,)| at))
    }

    /// The stored copy, if it came from `source`.
    pub(crate) async fn registry_copy(&self, source: &str) -> Result<Option<RegistryCopy>> {
        let Some(synced_at) = self.registry_synced_at(source).await? else {
            return Ok(None);
        };
        let rows: Vec<(String,)> =
            sqlx::query_as("SELECT wallet FROM registry_wallets ORDER BY position")
                .fetch_all(self.pool())
                .await?;
        Ok(Some(RegistryCopy {
            synced_at,
            wallets: rows.into_iter().map(|(w,)| w).collect(),
        }))
    }

    /// The ids of the stored logos.
    pub(crate) async fn registry_image_ids(&self) -> Result<HashSet<String>> {
        let rows: Vec<(String,)> = sqlx::query_as("SELECT image_id FROM registry_images")
            .fetch_all(self.pool())
            .await?;
        Ok(rows.into_iter().map(|(id,)| id).collect())
    }

    /// The stored logo `image_id`, if any (a row whose bytes do not decode counts as none).
    pub(crate) async fn registry_image(&self, image_id: &str) -> Result<Option<StoredImage>> {
        let row: Option<(String, String)> =
            sqlx::query_as("SELECT media_type, bytes FROM registry_images WHERE image_id = $1")
                .bind(image_id)
                .fetch_optional(self.pool())
                .await?;
        Ok(row.and_then(|(media_type, bytes)| {
            unb64(&bytes).map(|bytes| StoredImage { media_type, bytes })
        }))
    }

    /// Replaces the copy with `wallets` (in order) from `source` taken at `synced_at`, adds
    /// `images` (new logos by image id) and deletes the logos no wallet uses any more, in one
    /// transaction (on PostgreSQL one instance at a time).
    pub(crate) async fn replace_registry(
        &self,
        source: &str,
        synced_at: i64,
        wallets: &[WalletRow],
        images: &[(String, StoredImage)],
    ) -> Result<()> {
        let mut tx = self.begin().await?;
        if self.backend == Backend::Postgres {
            sqlx::query("LOCK TABLE registry_sync IN EXCLUSIVE MODE")
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query("DELETE FROM registry_sync")
            .execute(&mut *tx)
            .await?;
        sqlx::query("INSERT INTO registry_sync (source, synced_at) VALUES ($1, $2)")
            .bind(source)
            .bind(synced_at)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM registry_wallets")
            .execute(&mut *tx)
            .await?;
        for (position, (id, image_id, wallet)) in (0_i64..).zip(wallets) {
            sqlx::query(
                "INSERT INTO registry_wallets (id, position, image_id, wallet) \
                 VALUES ($1, $2, $3, $4)",
            )
            .bind(id)
            .bind(position)
            .bind(image_id)
            .bind(wallet)
            .execute(&mut *tx)
            .await?;
        }
        for (image_id, image) in images {
            sqlx::query(
                "INSERT INTO registry_images (image_id, media_type, bytes, fetched_at) \
                 VALUES ($1, $2, $3, $4) ON CONFLICT (image_id) DO UPDATE SET \
                 media_type = excluded.media_type, bytes = excluded.bytes, \
                 fetched_at = excluded.fetched_at",
            )
            .bind(image_id)
            .bind(&image.media_type)
            .bind(b64(&image.bytes))
            .bind(synced_at)
            .execute(&mut *tx)
            .await?;
        }
        sqlx::query(
            "DELETE FROM registry_images \
             WHERE image_id NOT IN (SELECT image_id FROM registry_wallets)",
        )
        .execute(&mut *tx)
        .await?;
        tx.commit().await
    }
}

/// The scenario `store::tests` runs on both backends.
#[cfg(test)]
pub(super) mod tests {
    use super::*;

    const SOURCE: &str = "https://explorer.example.com";

    fn row(id: &str, image: &str) -> WalletRow {
        (id.into(), image.into(), format!("{{\"id\":\"{id}\"}}"))
    }

    fn png(byte: u8) -> StoredImage {
        StoredImage {
            media_type: "image/png".into(),
            bytes: vec![0x89, b'P', byte],
        }
    }

    /// A sync replaces the wallets in order, keeps and adds logos, and drops unused ones; a
    /// copy from another source is not this source's.
    pub(in crate::store) async fn the_registry_copy_is_replaced_whole(s: &Store) {
        assert_eq!(s.registry_copy(SOURCE).await.unwrap(), None);
        let first = [row("b", "img-b"), row("a", "img-a")];
        let images = [("img-a".to_owned(), png(1)), ("img-b".to_owned(), png(2))];
        s.replace_registry(SOURCE, 1000, &first, &images)
            .await
            .unwrap();
        let copy = s.registry_copy(SOURCE).await.unwrap().unwrap();
        assert_eq!(copy.synced_at, 1000);
        assert_eq!(copy.wallets, [first[0].2.clone(), first[1].2.clone()]);
        assert_eq!(s.registry_image("img-b").await.unwrap(), Some(png(2)));
        assert_eq!(s.registry_image("img-c").await.unwrap(), None);

        // Wallet b is gone, c is new; a's logo is kept without being sent again.
        let second = [row("c", "img-c"), row("a", "img-a")];
        let images = [("img-c".to_owned(), png(3))];
        s.replace_registry(SOURCE, 2000, &second, &images)
            .await
            .unwrap();
        let copy = s.registry_copy(SOURCE).await.unwrap().unwrap();
        assert_eq!(copy.synced_at, 2000);
        assert_eq!(copy.wallets, [second[0].2.clone(), second[1].2.clone()]);
        let ids = s.registry_image_ids().await.unwrap();
        assert_eq!(ids, HashSet::from(["img-a".into(), "img-c".into()]));
        assert_eq!(s.registry_image("img-a").await.unwrap(), Some(png(1)));
        assert_eq!(s.registry_synced_at(SOURCE).await.unwrap(), Some(2000));
        assert_eq!(
            s.registry_synced_at("https://other.example.com")
                .await
                .unwrap(),
            None
        );
        assert_eq!(
            s.registry_copy("https://other.example.com").await.unwrap(),
            None
        );
    }
}
