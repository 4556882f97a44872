/**
 * A run's cost in millicents (thousandths of a cent) from integer cents per million tokens:
 * ceil(in × priceIn / 1e6 × 1000 + out × priceOut / 1e6 × 1000) = ceil((in × priceIn + out × priceOut) / 1000),
 * computed on integers (BigInt) so no rounding error creeps in whatever the volume.
 */
export function costMillicents(
  tokensIn: number,
  tokensOut: number,
  priceInputCentsPerMTok: number,
  priceOutputCentsPerMTok: number,
): number {
  const numerator =
    BigInt(tokensIn) * BigInt(priceInputCentsPerMTok) +
    BigInt(tokensOut) * BigInt(priceOutputCentsPerMTok);
  return Number((numerator + 999n) / 1000n);
}
