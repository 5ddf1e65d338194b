'use client';
import { describedBy, Field } from '@/components/field';
import { fieldError, type ActionState } from '@/lib/action-state';
import type { AllowedAddressesView } from '@/server/services/servers/get-allowed-addresses';
import { PROTOCOL_OPTIONS, TRANSPORT_LABELS } from './tool-labels';
import type { ServerTransportName } from '@/server/services/servers/server-schemas';
import type { ProtocolChoice } from '@mcptest/core';
import { allowedAddressesText } from './allowed-addresses';

/** The choices with what each means; their names come from TRANSPORT_LABELS, the one map every page uses. */
const TRANSPORTS: { value: ServerTransportName; hint: string }[] = [
  {
    value: 'auto',
    hint: 'Tries Streamable HTTP first and falls back to legacy SSE. Right for most servers.',
  },
  {
    value: 'http',
    hint: 'The current MCP transport (2025-03-26 and later): one endpoint, usually ending in /mcp.',
  },
  {
    value: 'sse',
    hint: 'The older HTTP+SSE transport (2024-11-05): an event stream, usually ending in /sse.',
  },
];

/**
 * Name, URL, transport and protocol era of a server, with what each means. Shared by the register and edit forms; errors come from
 * the action's state under the field names.
 */
export function ServerFields({
  state,
  idPrefix,
  defaults,
  addresses,
}: {
  state: ActionState<unknown>;
  idPrefix: string;
  defaults?: { name: string; url: string; transport: ServerTransportName; protocol?: ProtocolChoice };
  /** The deployment's address policy, so the hint says what registration will accept. */
  addresses: AllowedAddressesView;
}) {
  const nameError = fieldError(state, 'name');
  const urlError = fieldError(state, 'url');
  const transportError = fieldError(state, 'transport');
  const protocolError = fieldError(state, 'protocol');
  const id = (field: string) => `${idPrefix}-${field}`;
  return (
    <>
      <Field id={id('name')} label="Name" hint="What your team calls it, e.g. “weather (staging)”." error={nameError}>
        <input
          id={id('name')}
          name="name"
          required
          maxLength={100}
          defaultValue={defaults?.name}
          autoComplete="off"
          {...describedBy(id('name'), { hint: true, error: nameError })}
        />
      </Field>
      <Field
        id={id('url')}
        label="URL"
        hint={
          <>
            The MCP endpoint mcptest connects to, e.g. <code>https://mcp.example.com/mcp</code>
            {addresses.loopback ? (
              <>
                {' '}
                or <code>{addresses.localExample}</code> on this machine
              </>
            ) : null}
            . {allowedAddressesText(addresses)}
          </>
        }
        error={urlError}
      >
        <input
          id={id('url')}
          name="url"
          type="url"
          required
          maxLength={2048}
          placeholder="https://"
          defaultValue={defaults?.url}
          autoComplete="off"
          spellCheck={false}
          {...describedBy(id('url'), { hint: true, error: urlError })}
        />
      </Field>
      <fieldset
        className="servers-transport"
        aria-describedby={transportError ? `${id('transport')}-error` : undefined}
      >
        <legend>Transport</legend>
        {TRANSPORTS.map((transport) => (
          <div key={transport.value} className="servers-radio">
            <input
              type="radio"
              id={id(`transport-${transport.value}`)}
              name="transport"
              value={transport.value}
              defaultChecked={(defaults?.transport ?? 'auto') === transport.value}
              aria-describedby={id(`transport-${transport.value}-hint`)}
            />
            <label htmlFor={id(`transport-${transport.value}`)}>{TRANSPORT_LABELS[transport.value]}</label>
            <p className="field-hint" id={id(`transport-${transport.value}-hint`)}>
              {transport.hint}
            </p>
          </div>
        ))}
        {transportError ? (
          <p className="field-error" id={`${id('transport')}-error`} role="alert">
            {transportError}
          </p>
        ) : null}
      </fieldset>
      <Field
        id={id('protocol')}
        label="MCP protocol"
        hint="Which protocol era runs speak. Auto suits servers on either the current revision or a 2025 one."
        error={protocolError}
      >
        <select
          id={id('protocol')}
          name="protocol"
          defaultValue={defaults?.protocol ?? 'auto'}
          {...describedBy(id('protocol'), { hint: true, error: protocolError })}
        >
          {PROTOCOL_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </Field>
    </>
  );
}
