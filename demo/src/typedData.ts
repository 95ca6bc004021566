/** The message the demo asks the wallet to sign ("Sign message"), on every chain. */
export const DEMO_MESSAGE = 'Welcome to Lumen! Sign to prove you own this address.'

/** The EIP-712 order the demo asks the wallet to sign ("Sign typed data"). */
export function demoTypedData(chainId: number, owner: `0x${string}`) {
  return {
    domain: {
      name: 'Lumen',
      version: '1',
      chainId,
      verifyingContract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    },
    types: {
      Order: [
        { name: 'owner', type: 'address' },
        { name: 'sell', type: 'Amount' },
        { name: 'buy', type: 'Amount' },
        { name: 'deadline', type: 'uint256' },
      ],
      Amount: [
        { name: 'token', type: 'string' },
        { name: 'value', type: 'uint256' },
      ],
    },
    primaryType: 'Order',
    message: {
      owner,
      sell: { token: 'ETH', value: '1000000000000000' },
      buy: { token: 'LUM', value: '2500000000000000000' },
      deadline: '1893456000',
    },
  } as const
}

/** Where "Send transaction" sends 0.001 ETH: hardhat's well-known account #2. */
export const DEMO_RECIPIENT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
/** 0.001 ETH in wei, as a hex quantity. */
export const DEMO_VALUE = '0x38d7ea4c68000'
/** The second recipient of "Send a batch" (the first is `DEMO_RECIPIENT`): hardhat's well-known account #5. */
export const DEMO_SECOND_RECIPIENT = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'
