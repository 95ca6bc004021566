// A failed transaction's error in the JSON form Solana's RPC answers with (`"BlockhashNotFound"`,
// `{"InstructionError":[0,{"Custom":1}]}`), from litesvm's error objects. The names are the
// variants of the runtime's TransactionError and InstructionError, in their declaration order
// (litesvm hands the field-less ones over as that index).
// The error classes are in litesvm's native binding, which its index does not re-export.
import internal from 'litesvm/dist/internal.js'

const {
  InstructionErrorBorshIo,
  InstructionErrorCustom,
  TransactionErrorDuplicateInstruction,
  TransactionErrorInstructionError,
  TransactionErrorInsufficientFundsForRent,
  TransactionErrorProgramExecutionTemporarilyRestricted,
} = internal

const TRANSACTION_ERRORS = `AccountInUse AccountLoadedTwice AccountNotFound ProgramAccountNotFound InsufficientFundsForFee
  InvalidAccountForFee AlreadyProcessed BlockhashNotFound CallChainTooDeep MissingSignatureForFee InvalidAccountIndex
  SignatureFailure InvalidProgramForExecution SanitizeFailure ClusterMaintenance AccountBorrowOutstanding
  WouldExceedMaxBlockCostLimit UnsupportedVersion InvalidWritableAccount WouldExceedMaxAccountCostLimit
  WouldExceedAccountDataBlockLimit TooManyAccountLocks AddressLookupTableNotFound InvalidAddressLookupTableOwner
  InvalidAddressLookupTableData InvalidAddressLookupTableIndex InvalidRentPayingAccount WouldExceedMaxVoteCostLimit
  WouldExceedAccountDataTotalLimit MaxLoadedAccountsDataSizeExceeded ResanitizationNeeded
  InvalidLoadedAccountsDataSizeLimit UnbalancedTransaction ProgramCacheHitMaxLimit CommitCancelled`.split(/\s+/)

const INSTRUCTION_ERRORS = `GenericError InvalidArgument InvalidInstructionData InvalidAccountData AccountDataTooSmall
  InsufficientFunds IncorrectProgramId MissingRequiredSignature AccountAlreadyInitialized UninitializedAccount
  UnbalancedInstruction ModifiedProgramId ExternalAccountLamportSpend ExternalAccountDataModified
  ReadonlyLamportChange ReadonlyDataModified DuplicateAccountIndex ExecutableModified RentEpochModified
  NotEnoughAccountKeys AccountDataSizeChanged AccountNotExecutable AccountBorrowFailed AccountBorrowOutstanding
  DuplicateAccountOutOfSync InvalidError ExecutableDataModified ExecutableLamportChange
  ExecutableAccountNotRentExempt UnsupportedProgramId CallDepth MissingAccount ReentrancyNotAllowed
  MaxSeedLengthExceeded InvalidSeeds InvalidRealloc ComputationalBudgetExceeded PrivilegeEscalation
  ProgramEnvironmentSetupFailure ProgramFailedToComplete ProgramFailedToCompile Immutable IncorrectAuthority
  AccountNotRentExempt InvalidAccountOwner ArithmeticOverflow UnsupportedSysvar IllegalOwner
  MaxAccountsDataAllocationsExceeded MaxAccountsExceeded MaxInstructionTraceLengthExceeded
  BuiltinProgramsMustConsumeComputeUnits BorshIoError`.split(/\s+/)

/** The RPC's JSON form of an InstructionError's inner error. */
function instructionError(err) {
  if (err instanceof InstructionErrorCustom) return { Custom: err.code }
  if (err instanceof InstructionErrorBorshIo) return { BorshIoError: err.msg }
  const name = INSTRUCTION_ERRORS[err]
  if (name === undefined) throw new Error(`unknown instruction error ${err}`)
  return name
}

/** The RPC's JSON form of litesvm's `FailedTransactionMetadata.err()`. */
export function transactionError(err) {
  if (err instanceof TransactionErrorInstructionError) return { InstructionError: [err.index, instructionError(err.err())] }
  if (err instanceof TransactionErrorDuplicateInstruction) return { DuplicateInstruction: err.index }
  if (err instanceof TransactionErrorInsufficientFundsForRent) return { InsufficientFundsForRent: { account_index: err.accountIndex } }
  if (err instanceof TransactionErrorProgramExecutionTemporarilyRestricted) {
    return { ProgramExecutionTemporarilyRestricted: { account_index: err.accountIndex } }
  }
  const name = TRANSACTION_ERRORS[err]
  if (name === undefined) throw new Error(`unknown transaction error ${err}`)
  return name
}

/** The sentence the RPC's preflight failure message ends with, for the common errors. */
export function describeTransactionError(err) {
  if (err === 'BlockhashNotFound') return 'Blockhash not found'
  if (err === 'AlreadyProcessed') return 'This transaction has already been processed'
  if (err === 'InsufficientFundsForFee') return 'Insufficient funds for fee'
  if (err === 'AccountNotFound') return 'Attempt to debit an account but found no record of a prior credit.'
  if (typeof err === 'object' && 'InstructionError' in err) {
    const [index, inner] = err.InstructionError
    const what = typeof inner === 'string' ? inner : JSON.stringify(inner)
    return `Error processing Instruction ${index}: ${what}`
  }
  return typeof err === 'string' ? err : JSON.stringify(err)
}
