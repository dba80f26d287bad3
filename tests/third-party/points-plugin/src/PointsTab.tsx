import { usePorticoSelector } from '@portico/kernel'

export default function PointsTab() {
  const balance = usePorticoSelector((state) => state.points?.balance ?? 0)
  return <p data-testid="points-balance">{balance} points</p>
}
