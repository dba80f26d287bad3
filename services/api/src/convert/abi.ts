import { parseAbi } from 'viem'

/** The Uniswap V2 and ERC-20 functions the convert endpoints read and encode (Router02, factory, pair). */
export const routerAbi = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])

/** UniswapV2Factory: the pair of two tokens (the zero address when there is none). */
export const factoryAbi = parseAbi(['function getPair(address tokenA, address tokenB) view returns (address pair)'])

/** UniswapV2Pair: reserves, ordered by token0 < token1, and the liquidity issued. */
export const pairAbi = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function token0() view returns (address)',
  'function totalSupply() view returns (uint256)',
])

/** The ERC-20 allowance read and approve call. */
export const erc20Abi = parseAbi([
  'function allowance(address owner, address spender) view returns (uint256)',
  'function approve(address spender, uint256 value) returns (bool)',
])
