import type { ReactNode } from 'react';

/**
 * A group of radio buttons or checkboxes, each choice with a hint under it, and the group's error tied to the group
 * (`aria-describedby`), so a screen reader hears why a submission was refused. Ids are the caller's: tests and
 * labels elsewhere refer to them.
 */
export function ChoiceFieldset<V extends string>({
  legend,
  type,
  name,
  choices,
  checked,
  hintId,
  errorId,
  error,
}: {
  legend: string;
  type: 'radio' | 'checkbox';
  name: string;
  choices: readonly { value: V; label: ReactNode; hint: string }[];
  checked: (value: V) => boolean;
  hintId: (value: V) => string;
  errorId: string;
  error?: string | undefined;
}) {
  return (
    <fieldset className="settings-checks" aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <div key={choice.value}>
          <label>
            <input
              type={type}
              name={name}
              value={choice.value}
              defaultChecked={checked(choice.value)}
              aria-describedby={hintId(choice.value)}
            />
            {choice.label}
          </label>
          <p className="field-hint" id={hintId(choice.value)}>
            {choice.hint}
          </p>
        </div>
      ))}
      {error ? (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
