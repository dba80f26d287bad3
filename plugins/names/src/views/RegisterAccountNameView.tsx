import { useId, type FormEvent } from 'react'
import { Button, EmptyState, List, ListItem, SectionLabel, Spinner, Stack, Text, useKernel, usePorticoSelector, useTranslate } from '@portico/kernel'
import { AlertIcon, CheckIcon, WarningIcon } from '@portico/kernel/icons'
import { registerAccountName, registrant } from '../flow.js'
import { NamesError } from '../errors.js'
import { namesActions, selectNames } from '../slice.js'
import { nameProblem, normalizeName } from '../validate.js'
import { useNameCheck } from './useNameCheck.js'
import './names.css'

/** The SPEC's refusal code for the active account, or undefined when it may register a name. */
const selectRefusal = (state: Parameters<typeof registrant>[0]) => {
  const target = registrant(state)
  return target instanceof NamesError ? target.code : undefined
}

/**
 * RegisterAccountName: a name for the auth connector's account. The field is checked as the visitor types
 * (letters, digits and hyphens, at least 4); once typing pauses the name service says whether the name is free
 * and offers free alternatives. Registering signs a message through the auth connector (SPEC §4). Other wallets
 * see the SPEC's refusal.
 */
export default function RegisterAccountNameView() {
  const kernel = useKernel()
  const t = useTranslate()
  const refusal = usePorticoSelector(selectRefusal)
  const names = usePorticoSelector(selectNames)
  const label = names.draft
  const check = useNameCheck(kernel, refusal ? '' : label, names.suffix, names.zone)
  const ids = { input: useId(), status: useId(), error: useId() }

  if (refusal) {
    return (
      <div data-testid="view-RegisterAccountName">
        <EmptyState
          tone="warning"
          icon={<WarningIcon size={28} />}
          title={t(refusal === 'NETWORK_NOT_FOUND' ? 'names.error.network' : 'names.error.authConnector')}
          description={t('names.notAllowed.hint')}
          data-testid="register-name-refused"
        />
      </div>
    )
  }

  const problem = nameProblem(label)
  const checked = check.name !== undefined && check.status !== 'checking'
  const canSubmit = label !== '' && !problem && check.status !== 'taken' && check.status !== 'checking' && !names.loading
  const suggestions = names.suggestionsFor === label ? names.suggestions : []

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!canSubmit) return
    // the failure is shown on this view again by the flow; nothing more to do with it here
    registerAccountName(kernel, label).catch(() => {})
  }

  let status
  if (problem) {
    status = (
      <Text as="p" variant="small" tone="error" id={ids.status} data-testid="register-name-status" data-state="invalid" className="portico-names-status">
        <AlertIcon size={14} /> {t(problem.key, 'params' in problem ? problem.params : undefined)}
      </Text>
    )
  } else if (check.status === 'checking') {
    status = (
      <Text as="p" variant="small" tone="muted" id={ids.status} data-testid="register-name-status" data-state="checking" className="portico-names-status">
        <Spinner size={14} /> {t('names.checking', { name: check.name! })}
      </Text>
    )
  } else if (checked && check.status === 'available') {
    status = (
      <Text as="p" variant="small" tone="success" id={ids.status} data-testid="register-name-status" data-state="available" className="portico-names-status">
        <CheckIcon size={14} /> {t('names.available', { name: check.name! })}
      </Text>
    )
  } else if (checked && check.status === 'taken') {
    status = (
      <Text as="p" variant="small" tone="error" id={ids.status} data-testid="register-name-status" data-state="taken" className="portico-names-status">
        <AlertIcon size={14} /> {t('names.taken', { name: check.name! })}
      </Text>
    )
  } else if (checked && check.status === 'failed') {
    status = (
      <Text as="p" variant="small" tone="muted" id={ids.status} data-testid="register-name-status" data-state="failed" className="portico-names-status">
        {t('names.checkFailed')}
      </Text>
    )
  } else {
    status = (
      <Text as="p" variant="small" tone="muted" id={ids.status} data-testid="register-name-status" data-state="idle" className="portico-names-status">
        {t('names.input.hint')}
      </Text>
    )
  }

  return (
    <form className="portico-names" data-testid="view-RegisterAccountName" noValidate onSubmit={submit}>
      <Stack gap={4}>
        <Stack gap={1}>
          <Text as="h2" variant="body" weight="semibold" className="portico-names-heading">
            {t('names.heading')}
          </Text>
          <Text as="p" variant="small" tone="muted">
            {t('names.description')}
          </Text>
        </Stack>

        <div className="portico-names-field">
          <label htmlFor={ids.input} className="portico-names-field__label">
            {t('names.input.label')}
          </label>
          <div className="portico-names-input" dir="ltr">
            <input
              id={ids.input}
              data-testid="register-name-input"
              className="portico-names-input__control"
              value={label}
              placeholder={t('names.input.placeholder')}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus
              maxLength={64}
              aria-invalid={problem || check.status === 'taken' ? true : undefined}
              aria-describedby={[ids.status, names.error ? ids.error : undefined].filter(Boolean).join(' ')}
              onChange={(e) => kernel.store.dispatch(namesActions.draftChanged(normalizeName(e.target.value)))}
            />
            <span className="portico-names-input__suffix" aria-hidden="true">
              {names.suffix}
            </span>
          </div>
          <div aria-live="polite">{status}</div>
        </div>

        {names.error && (
          <Text as="p" variant="small" tone="error" role="alert" id={ids.error} data-testid="register-name-error" className="portico-names-error">
            {names.error.key ? t(names.error.key, names.error.params) : names.error.message}
          </Text>
        )}

        {suggestions.length > 0 && (
          <Stack gap={2}>
            <SectionLabel id={`${ids.input}-suggestions`}>{t('names.suggestions')}</SectionLabel>
            <List label={t('names.suggestions')} data-testid="register-name-suggestions">
              {suggestions.map((s) => (
                <ListItem
                  key={s.name}
                  data-testid={`register-name-suggestion-${s.name}`}
                  name={s.name}
                  icon={<CheckIcon size={18} className="portico-names-suggestion__icon" />}
                  chevron
                  aria-label={t('names.suggestion.use', { name: s.name })}
                  onClick={() => kernel.store.dispatch(namesActions.draftChanged(s.name.endsWith(names.suffix) ? s.name.slice(0, -names.suffix.length) : s.name))}
                />
              ))}
            </List>
          </Stack>
        )}

        <Button type="submit" variant="primary" fullWidth disabled={!canSubmit} loading={names.loading} data-testid="register-name-submit">
          {t('names.submit')}
        </Button>
      </Stack>
    </form>
  )
}
