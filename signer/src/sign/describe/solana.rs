//! A Solana transaction on the approval screen: its fee payer, blockhash and version, then each
//! instruction in the user's terms (a SOL transfer's receiver and amount, a token transfer's
//! mint, amount and receiver, a token account created for a receiver); any other instruction
//! by its program, and one that cannot be read by its program and why.

use alloy_primitives::U256;

use super::{mono, row, text, Row, Value};
use crate::sign::format::format_units;
use crate::sign::solana::{base58, decode_instruction, Decoded, MessageVersion, SolanaTx};

/// Lamports per SOL: 10^9.
const SOL_DECIMALS: u32 = 9;

fn amount(value: u64, decimals: u32) -> String {
    format_units(U256::from(value), decimals)
}

/// The rows of one instruction (`decoded` is every instruction of `tx`, read, in order).
fn instruction_fields(
    decoded: &[Result<Decoded, String>],
    index: usize,
    program: String,
) -> Vec<(String, Value)> {
    let field = |label: &str, value: Value| (label.to_owned(), value);
    match &decoded[index] {
        Ok(Decoded::SolTransfer { from, to, lamports }) => vec![
            field("Action", text("Transfer SOL")),
            field("From", mono(base58(from))),
            field("To", mono(base58(to))),
            field(
                "Amount",
                text(format!("{} SOL", amount(*lamports, SOL_DECIMALS))),
            ),
        ],
        Ok(Decoded::TransferChecked {
            source,
            mint,
            destination,
            owner,
            amount: value,
            decimals,
        }) => {
            // The receiver's wallet, when this transaction creates the receiving account for it.
            let receiver = decoded.iter().find_map(|d| match d {
                Ok(Decoded::CreateAssociatedAccount {
                    account,
                    owner,
                    mint: m,
                    ..
                }) if account == destination && m == mint => Some(*owner),
                _ => None,
            });
            let mut fields = vec![
                field("Action", text("Transfer token")),
                field("Mint", mono(base58(mint))),
                field("Amount", text(amount(*value, u32::from(*decimals)))),
                field("From account", mono(base58(source))),
                field("Signed by", mono(base58(owner))),
            ];
            if let Some(receiver) = receiver {
                fields.push(field("To", mono(base58(&receiver))));
            }
            fields.push(field("To account", mono(base58(destination))));
            fields
        }
        Ok(Decoded::CreateAssociatedAccount {
            payer,
            account,
            owner,
            mint,
            idempotent,
        }) => vec![
            field(
                "Action",
                text(if *idempotent {
                    "Create token account if missing"
                } else {
                    "Create token account"
                }),
            ),
            field("Owner", mono(base58(owner))),
            field("Mint", mono(base58(mint))),
            field("Account", mono(base58(account))),
            field("Paid by", mono(base58(payer))),
        ],
        Ok(Decoded::Other { .. }) => vec![field("Program", mono(program))],
        Err(reason) => vec![
            field("Program", mono(program)),
            field("Unreadable", text(reason.clone())),
        ],
    }
}

/// The rows of a Solana transaction.
pub(super) fn solana_rows(tx: &SolanaTx) -> Vec<Row> {
    let decoded: Vec<Result<Decoded, String>> = tx
        .instructions
        .iter()
        .map(|ix| decode_instruction(tx, ix).map_err(|e| e.to_string()))
        .collect();
    let mut rows = vec![
        row("Fee payer", mono(base58(tx.fee_payer()))),
        row("Recent blockhash", mono(base58(&tx.recent_blockhash))),
        row(
            "Version",
            text(match tx.version {
                MessageVersion::Legacy => "legacy",
                MessageVersion::V0 => "v0",
            }),
        ),
        row("Instructions", text(tx.instructions.len().to_string())),
    ];
    for (index, ix) in tx.instructions.iter().enumerate() {
        let program = tx
            .account_keys
            .get(usize::from(ix.program_id_index))
            .map_or_else(
                || format!("lookup-table key {}", ix.program_id_index),
                |k| base58(k),
            );
        let fields = instruction_fields(&decoded, index, program);
        rows.push(row(
            &format!("Instruction {}", index + 1),
            Value::Tree(fields),
        ));
    }
    rows.push(row("Signatures", text(tx.signatures.len().to_string())));
    rows
}
