//! Recovery-phrase export codes: one table, the same code rules as the login.

use super::{
    attempts::{consume_code, CodeState, CodeTable, NewCode},
    Store,
};
use crate::{error::Result, secrets::b64};

impl Store {
    /// Stores a new export code for `user_id`.
    pub(crate) async fn insert_export_code(
        &self,
        id: &str,
        user_id: &str,
        code: &NewCode,
        now: i64,
    ) -> Result<()> {
        let _turn = self.write_turn().await?;
        sqlx::query(
            "INSERT INTO export_codes (id, user_id, code_hash, code_salt, expires_at, \
             wrong_tries, used, created_at) VALUES ($1, $2, $3, $4, $5, 0, 0, $6)",
        )
        .bind(id)
        .bind(user_id)
        .bind(b64(&code.hash))
        .bind(b64(&code.salt))
        .bind(code.expires_at)
        .bind(now)
        .execute(self.pool())
        .await?;
        Ok(())
    }

    /// The owner and code of export `id`.
    pub(crate) async fn export_code(&self, id: &str) -> Result<Option<(String, CodeState)>> {
        let user: Option<(String,)> =
            sqlx::query_as("SELECT user_id FROM export_codes WHERE id = $1")
                .bind(id)
                .fetch_optional(self.pool())
                .await?;
        let Some((user_id,)) = user else {
            return Ok(None);
        };
        Ok(self
            .code_state(CodeTable::Export, id)
            .await?
            .map(|code| (user_id, code)))
    }

    /// Marks the code of export `id` used; false when it already was.
    pub(crate) async fn use_export_code(&self, id: &str) -> Result<bool> {
        let _turn = self.write_turn().await?;
        let mut conn = self.pool().acquire().await?;
        consume_code(&mut conn, CodeTable::Export, id).await
    }
}
