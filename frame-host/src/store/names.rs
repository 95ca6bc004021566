//! Registered names (`names`, migration 0009): first come, one name per address.

use super::Store;
use crate::error::Result;

/// A registered name as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct StoredName {
    /// The full name, lowercase.
    pub(crate) name: String,
    /// Its address, `0x` and 40 lowercase hex digits.
    pub(crate) address: String,
    /// The ENSIP-11 coin type it was registered for.
    pub(crate) coin_type: i64,
    /// Its attributes, a JSON object of strings.
    pub(crate) attributes: String,
    /// The project the registration came through.
    pub(crate) project_id: String,
    /// The registration message, as signed.
    pub(crate) message: String,
    /// The signature, as sent.
    pub(crate) signature: String,
    /// When it was registered, Unix ms.
    pub(crate) registered_at: i64,
    /// When it last changed, Unix ms.
    pub(crate) updated_at: i64,
}

/// What became of a registration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NameInsert {
    /// The name is the address's now.
    Added,
    /// Someone registered the name first.
    NameTaken,
    /// The address has a name already.
    AddressTaken,
}

type Row = (
    String,
    String,
    i64,
    String,
    String,
    String,
    String,
    i64,
    i64,
);

const COLUMNS: &str = "name, address, coin_type, attributes, project_id, message, signature, \
                       registered_at, updated_at";

fn from_row(r: Row) -> StoredName {
    StoredName {
        name: r.0,
        address: r.1,
        coin_type: r.2,
        attributes: r.3,
        project_id: r.4,
        message: r.5,
        signature: r.6,
        registered_at: r.7,
        updated_at: r.8,
    }
}

impl Store {
    /// Registers `name` unless its name or its address is taken (one statement, so two
    /// registrations at once cannot both win).
    pub(crate) async fn add_name(&self, name: &StoredName) -> Result<NameInsert> {
        let added = {
            let _turn = self.write_turn().await?;
            sqlx::query(&format!(
                "INSERT INTO names ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
                 ON CONFLICT DO NOTHING"
            ))
            .bind(&name.name)
            .bind(&name.address)
            .bind(name.coin_type)
            .bind(&name.attributes)
            .bind(&name.project_id)
            .bind(&name.message)
            .bind(&name.signature)
            .bind(name.registered_at)
            .bind(name.updated_at)
            .execute(self.pool())
            .await?
            .rows_affected()
                == 1
        };
        if added {
            return Ok(NameInsert::Added);
        }
        // Rows are never deleted, so the one that won is still there.
        Ok(if self.name(&name.name).await?.is_some() {
            NameInsert::NameTaken
        } else {
            NameInsert::AddressTaken
        })
    }

    /// The registered name `name` (lowercase), if any.
    pub(crate) async fn name(&self, name: &str) -> Result<Option<StoredName>> {
        let row: Option<Row> =
            sqlx::query_as(&format!("SELECT {COLUMNS} FROM names WHERE name = $1"))
                .bind(name)
                .fetch_optional(self.pool())
                .await?;
        Ok(row.map(from_row))
    }

    /// The name of `address` (lowercase), if it has one.
    pub(crate) async fn name_of_address(&self, address: &str) -> Result<Option<StoredName>> {
        let row: Option<Row> =
            sqlx::query_as(&format!("SELECT {COLUMNS} FROM names WHERE address = $1"))
                .bind(address)
                .fetch_optional(self.pool())
                .await?;
        Ok(row.map(from_row))
    }

    /// Which of `names` (lowercase, at most 100) are registered.
    pub(crate) async fn registered_names(&self, names: &[String]) -> Result<Vec<String>> {
        if names.is_empty() {
            return Ok(Vec::new());
        }
        let slots = (1..=names.len().min(100))
            .map(|i| format!("${i}"))
            .collect::<Vec<_>>()
            .join(", ");
        let sql = format!("SELECT name FROM names WHERE name IN ({slots})");
        let mut query = sqlx::query_as::<_, (String,)>(&sql);
        for name in names.iter().take(100) {
            query = query.bind(name);
        }
        let rows = query.fetch_all(self.pool()).await?;
        Ok(rows.into_iter().map(|(name,)| name).collect())
    }
}
