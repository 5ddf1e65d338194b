'use client';
import { useActionState } from 'react';
import { describedBy, Field } from '@/components/field';
import { submitKeepingValues } from '@/components/kept-form';
import { FormMessage } from '@/components/form-message';
import { SubmitButton } from '@/components/submit-button';
import { fieldError } from '@/lib/action-state';
import { createProjectAction } from './actions';

export function CreateProjectForm({ org }: { org: string }) {
  const [state, action] = useActionState(createProjectAction, null);
  const error = fieldError(state, 'name');
  return (
    <form
      action={action}
      onSubmit={submitKeepingValues(action)}
      className="card form"
      aria-labelledby="create-project-title"
    >
      <h2 id="create-project-title">New project</h2>
      <input type="hidden" name="org" value={org} />
      <Field
        id="project-name"
        label="Project name"
        hint="Usually one per MCP server you ship, e.g. “weather-mcp”."
        error={error}
      >
        <input
          id="project-name"
          name="name"
          required
          maxLength={100}
          {...describedBy('project-name', { hint: true, error })}
        />
      </Field>
      <FormMessage state={state} />
      <SubmitButton pendingText="Creating…">Create project</SubmitButton>
    </form>
  );
}
