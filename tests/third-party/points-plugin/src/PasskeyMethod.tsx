export default function PasskeyMethod() {
  return (
    <button type="button" data-testid="passkey-method">
      Continue with a passkey
    </button>
  )
}
