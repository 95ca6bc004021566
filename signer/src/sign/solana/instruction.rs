//! What a Solana instruction does, for the approval screen: a System transfer of SOL, an SPL
//! token TransferChecked and an associated-token-account create are read; any other
//! instruction is known only by its program.

use std::fmt;

use super::base58;
use super::wire::{Instruction, SolanaTx};

/// The System program.
pub(crate) const SYSTEM_PROGRAM: &str = "11111111111111111111111111111111";
/// The SPL Token program.
pub(crate) const TOKEN_PROGRAM: &str = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
/// The SPL Token-2022 program.
pub(crate) const TOKEN_2022_PROGRAM: &str = "TokenzQdBNbLqP5VEhdkAS5EPFoSNfuEHsuAcE4x1CkQ";
/// The Associated Token Account program.
pub(crate) const ASSOCIATED_TOKEN_PROGRAM: &str = "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL";

/// One instruction, read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decoded {
    /// System Transfer.
    SolTransfer {
        /// The sender (signs).
        from: [u8; 32],
        /// The receiver.
        to: [u8; 32],
        /// The amount, in lamports.
        lamports: u64,
    },
    /// Token TransferChecked.
    TransferChecked {
        /// The token account the amount leaves.
        source: [u8; 32],
        /// The token's mint.
        mint: [u8; 32],
        /// The token account the amount reaches.
        destination: [u8; 32],
        /// The owner of `source` (signs).
        owner: [u8; 32],
        /// The amount, in the token's smallest unit.
        amount: u64,
        /// The mint's decimals, as the instruction states them (the program checks them).
        decimals: u8,
    },
    /// Associated Token Account Create (or CreateIdempotent).
    CreateAssociatedAccount {
        /// Who pays the account's rent.
        payer: [u8; 32],
        /// The account created.
        account: [u8; 32],
        /// The wallet the account belongs to.
        owner: [u8; 32],
        /// The token's mint.
        mint: [u8; 32],
        /// CreateIdempotent: an account that exists already is no failure.
        idempotent: bool,
    },
    /// Anything else: only its program.
    Other {
        /// The program's address.
        program: [u8; 32],
    },
}

/// Why an instruction of a known program could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecodeError {
    /// The program index is not one of the message's own keys (a lookup-table entry or out of range).
    UnknownProgram {
        /// The index in the instruction.
        index: u8,
    },
    /// An account the instruction names is not one of the message's own keys.
    UnknownAccount {
        /// The index in the instruction.
        index: u8,
    },
    /// Fewer accounts than the instruction takes.
    MissingAccounts {
        /// How many the instruction takes.
        needed: usize,
        /// How many it names.
        found: usize,
    },
    /// The data is not the instruction's layout (length in bytes).
    BadData {
        /// The data's length in bytes.
        len: usize,
    },
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::UnknownProgram { index } => {
                write!(f, "program index {index} is not in the message")
            }
            Self::UnknownAccount { index } => {
                write!(f, "account index {index} is not in the message")
            }
            Self::MissingAccounts { needed, found } => {
                write!(f, "{found} accounts where {needed} are needed")
            }
            Self::BadData { len } => write!(f, "{len} bytes of data that are not this instruction"),
        }
    }
}

impl std::error::Error for DecodeError {}

fn key(tx: &SolanaTx, index: u8) -> Result<[u8; 32], DecodeError> {
    tx.account_keys
        .get(usize::from(index))
        .copied()
        .ok_or(DecodeError::UnknownAccount { index })
}

/// The first `N` accounts of `ix`, resolved.
fn accounts<const N: usize>(tx: &SolanaTx, ix: &Instruction) -> Result<[[u8; 32]; N], DecodeError> {
    if ix.accounts.len() < N {
        return Err(DecodeError::MissingAccounts {
            needed: N,
            found: ix.accounts.len(),
        });
    }
    let mut out = [[0u8; 32]; N];
    for (slot, &index) in out.iter_mut().zip(&ix.accounts) {
        *slot = key(tx, index)?;
    }
    Ok(out)
}

fn u64_at(data: &[u8], at: usize) -> Option<u64> {
    let bytes: [u8; 8] = data.get(at..at + 8)?.try_into().ok()?;
    Some(u64::from_le_bytes(bytes))
}

/// Reads `ix` of `tx`. Instructions of other programs, and other instructions of these
/// programs, are [`Decoded::Other`]; a known instruction whose accounts or data do not fit is
/// an error.
pub fn decode_instruction(tx: &SolanaTx, ix: &Instruction) -> Result<Decoded, DecodeError> {
    let program = tx
        .account_keys
        .get(usize::from(ix.program_id_index))
        .copied()
        .ok_or(DecodeError::UnknownProgram {
            index: ix.program_id_index,
        })?;
    let bad = DecodeError::BadData { len: ix.data.len() };
    let name = base58(&program);
    if name == SYSTEM_PROGRAM && ix.data.get(..4) == Some(&[2, 0, 0, 0]) {
        if ix.data.len() != 12 {
            return Err(bad);
        }
        let [from, to] = accounts(tx, ix)?;
        let lamports = u64_at(&ix.data, 4).ok_or(bad)?;
        return Ok(Decoded::SolTransfer { from, to, lamports });
    }
    if (name == TOKEN_PROGRAM || name == TOKEN_2022_PROGRAM) && ix.data.first() == Some(&12) {
        if ix.data.len() != 10 {
            return Err(bad);
        }
        let [source, mint, destination, owner] = accounts(tx, ix)?;
        let amount = u64_at(&ix.data, 1).ok_or(bad)?;
        return Ok(Decoded::TransferChecked {
            source,
            mint,
            destination,
            owner,
            amount,
            decimals: ix.data[9],
        });
    }
    if name == ASSOCIATED_TOKEN_PROGRAM {
        let idempotent = match ix.data.as_slice() {
            [] | [0] => false,
            [1] => true,
            _ => return Ok(Decoded::Other { program }),
        };
        let [payer, account, owner, mint] = accounts(tx, ix)?;
        return Ok(Decoded::CreateAssociatedAccount {
            payer,
            account,
            owner,
            mint,
            idempotent,
        });
    }
    Ok(Decoded::Other { program })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sign::solana::MessageVersion;

    fn key58(text: &str) -> [u8; 32] {
        bs58::decode(text).into_vec().unwrap().try_into().unwrap()
    }

    const ME: [u8; 32] = [1; 32];
    const BOB: [u8; 32] = [2; 32];
    const BOB_ATA: [u8; 32] = [3; 32];
    const MY_ATA: [u8; 32] = [4; 32];
    const MINT: [u8; 32] = [5; 32];

    /// Keys: 0 me, 1 Bob's ATA, 2 my ATA, 3 Bob, 4 mint, 5 System, 6 Token, 7 ATA program.
    fn tx(instructions: Vec<Instruction>) -> SolanaTx {
        SolanaTx {
            signatures: vec![[0; 64]],
            version: MessageVersion::Legacy,
            num_required_signatures: 1,
            account_keys: vec![
                ME,
                BOB_ATA,
                MY_ATA,
                BOB,
                MINT,
                key58(SYSTEM_PROGRAM),
                key58(TOKEN_PROGRAM),
                key58(ASSOCIATED_TOKEN_PROGRAM),
            ],
            recent_blockhash: [9; 32],
            instructions,
            lookup_tables: 0,
            message: vec![],
        }
    }

    fn ix(program: u8, accounts: &[u8], data: &[u8]) -> Instruction {
        Instruction {
            program_id_index: program,
            accounts: accounts.to_vec(),
            data: data.to_vec(),
        }
    }

    fn read(instruction: Instruction) -> Result<Decoded, DecodeError> {
        let tx = tx(vec![instruction]);
        decode_instruction(&tx, &tx.instructions[0])
    }

    fn sol_transfer_data(lamports: u64) -> Vec<u8> {
        [&[2, 0, 0, 0][..], &lamports.to_le_bytes()].concat()
    }

    #[test]
    fn reads_a_sol_transfer() {
        assert_eq!(
            read(ix(5, &[0, 3], &sol_transfer_data(1_500_000_000))),
            Ok(Decoded::SolTransfer {
                from: ME,
                to: BOB,
                lamports: 1_500_000_000
            })
        );
    }

    #[test]
    fn reads_transfer_checked_and_create_idempotent() {
        let data = [&[12][..], &2_500_000u64.to_le_bytes(), &[6]].concat();
        assert_eq!(
            read(ix(6, &[2, 4, 1, 0], &data)),
            Ok(Decoded::TransferChecked {
                source: MY_ATA,
                mint: MINT,
                destination: BOB_ATA,
                owner: ME,
                amount: 2_500_000,
                decimals: 6
            })
        );
        assert_eq!(
            read(ix(7, &[0, 1, 3, 4, 5, 6], &[1])),
            Ok(Decoded::CreateAssociatedAccount {
                payer: ME,
                account: BOB_ATA,
                owner: BOB,
                mint: MINT,
                idempotent: true
            })
        );
        assert_eq!(
            read(ix(7, &[0, 1, 3, 4, 5, 6], &[])),
            Ok(Decoded::CreateAssociatedAccount {
                payer: ME,
                account: BOB_ATA,
                owner: BOB,
                mint: MINT,
                idempotent: false
            })
        );
    }

    #[test]
    fn other_instructions_keep_their_program() {
        // System CreateAccount (0), token Transfer (3), an unknown program.
        assert_eq!(
            read(ix(5, &[0, 3], &[0, 0, 0, 0])),
            Ok(Decoded::Other {
                program: key58(SYSTEM_PROGRAM)
            })
        );
        assert_eq!(
            read(ix(6, &[2, 1, 0], &[3, 1, 0, 0, 0, 0, 0, 0, 0])),
            Ok(Decoded::Other {
                program: key58(TOKEN_PROGRAM)
            })
        );
        assert_eq!(
            read(ix(4, &[0], &[12, 1])),
            Ok(Decoded::Other { program: MINT })
        );
        assert_eq!(
            read(ix(7, &[0], &[2])),
            Ok(Decoded::Other {
                program: key58(ASSOCIATED_TOKEN_PROGRAM)
            })
        );
    }

    #[test]
    fn malformed_instructions_are_typed_errors() {
        // Short and long transfer data.
        assert_eq!(
            read(ix(5, &[0, 3], &[2, 0, 0, 0, 1])),
            Err(DecodeError::BadData { len: 5 })
        );
        assert_eq!(
            read(ix(6, &[2, 4, 1, 0], &[12; 11])),
            Err(DecodeError::BadData { len: 11 })
        );
        // Too few accounts.
        assert_eq!(
            read(ix(5, &[0], &sol_transfer_data(1))),
            Err(DecodeError::MissingAccounts {
                needed: 2,
                found: 1
            })
        );
        assert_eq!(
            read(ix(7, &[0, 1], &[1])),
            Err(DecodeError::MissingAccounts {
                needed: 4,
                found: 2
            })
        );
        // Indices past the message's keys (lookup-table entries or garbage).
        assert_eq!(
            read(ix(5, &[0, 200], &sol_transfer_data(1))),
            Err(DecodeError::UnknownAccount { index: 200 })
        );
        assert_eq!(
            read(ix(99, &[], &[])),
            Err(DecodeError::UnknownProgram { index: 99 })
        );
        assert_eq!(
            DecodeError::MissingAccounts {
                needed: 2,
                found: 1
            }
            .to_string(),
            "1 accounts where 2 are needed"
        );
    }

    #[test]
    fn no_data_shape_panics() {
        for program in 0..9u8 {
            for len in 0..14usize {
                for first in [0u8, 1, 2, 3, 12, 255] {
                    let mut data = vec![0u8; len];
                    if let Some(b) = data.first_mut() {
                        *b = first;
                    }
                    for accounts in [&[][..], &[0], &[0, 1, 2, 3, 4, 5], &[255, 0, 1, 2]] {
                        let _ = read(ix(program, accounts, &data));
                    }
                }
            }
        }
    }
}
