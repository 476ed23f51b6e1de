// @vitest-environment happy-dom
import { act, useEffect, type ReactNode } from 'react';
import { FormProvider, useForm, type UseFormReturn } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttonNamed, click, render, settle } from '@/components/testing/render';
import { answerSample } from '@/lib/pipes/infer/answer';
import { DestinationStep } from '../steps/destination-step';
import { MappingsStep } from '../steps/mappings-step';
import { emptyWizardValues, type WizardValues } from '../wizard-values';
import { SampleProvider } from './sample-context';

// happy-dom runs no module workers: the same inference, answered in the test's thread.
vi.mock('@/lib/pipes/infer/infer-client', () => ({
  inferSampleOffThread: async (text: string) => answerSample(text),
  prepareSampleInference: () => undefined,
}));

/** The harness's form, for reading its values. */
const probe: { form?: UseFormReturn<WizardValues> } = {};

function Harness({ children, values }: { children: ReactNode; values?: Partial<WizardValues> }) {
  const form = useForm<WizardValues>({ defaultValues: { ...emptyWizardValues(), kind: 'kafka', ...values } });
  useEffect(() => {
    probe.form = form;
  }, [form]);
  return (
    <FormProvider {...form}>
      <SampleProvider>{children}</SampleProvider>
    </FormProvider>
  );
}

const field = (label: string) => {
  const labelElement = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === label);
  const control = labelElement && document.getElementById(labelElement.htmlFor);
  if (!control) throw new Error(`No control labelled "${label}"`);
  return control as HTMLInputElement & HTMLSelectElement & HTMLTextAreaElement;
};

async function change(control: HTMLElement, value: string): Promise<void> {
  await act(async () => {
    const prototype = Object.getPrototypeOf(control) as object;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(control, value);
    control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
}

/** Past the typing pause, then the (mocked) worker's answer. */
async function afterReading(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 350));
  });
  await settle();
}

const SAMPLE = [
  '{"id": 1, "user": {"email": "ann@example.com"}, "created_at": "2026-11-25T07:03:37Z", "amount": 12, "tags": ["a", "b"]}',
  '{"id": 2, "user": {"email": null}, "created_at": 1764054250000, "amount": 2.5, "tags": []}',
].join('\n');

describe('the destination step with a sample', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    probe.form = undefined;
  });

  it('fills the columns and mappings from a typed sample and previews the rows as they would land', async () => {
    const view = await render(
      <Harness>
        <DestinationStep />
      </Harness>,
    );
    await change(field('Sample'), SAMPLE);
    await afterReading();

    expect(document.body.textContent).toContain('JSON lines · 2 records · 5 fields');
    expect(probe.form!.getValues('destination.columns')).toEqual([
      { name: 'id', type: 'Int64' },
      { name: 'user_email', type: 'Nullable(String)' },
      { name: 'created_at', type: 'DateTime64(3)' },
      { name: 'amount', type: 'Float64' },
      { name: 'tags', type: 'Array(String)' },
    ]);
    expect(probe.form!.getValues('fieldMappings')).toContainEqual({
      destinationField: 'user_email',
      sourceField: 'user.email',
    });
    expect(field('Column 2 type').value).toBe('Nullable(String)');

    const cells = (row: number) =>
      [...document.querySelectorAll('table[aria-label="Sample preview"] tbody tr')[row]!.querySelectorAll('td')].map(
        (c) => c.textContent,
      );
    expect(cells(0)).toEqual(['1', 'ann@example.com', '2026-11-25 07:03:37.000', '12', "['a', 'b']"]);
    expect(cells(1)).toEqual(['2', 'NULL', '2025-11-25 07:04:10.000', '2.5', '[]']);

    // A type picked in the picker (typed, then Enter takes the first match) shows in the preview at once: 2.5 does not fit a whole number.
    await change(field('Column 4 type'), 'Int64');
    expect(document.querySelector('[role="option"][aria-selected="true"]')?.textContent).toBe('Int64');
    await act(async () => {
      field('Column 4 type').dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    expect(probe.form!.getValues('destination.columns.3.type')).toBe('Int64');
    expect(cells(1)[3]).toBe('Does not fit: 2.5');
    expect(document.body.textContent).toContain('1 value does not fit the column type');
    await view.unmount();
  });

  it('names the line and column of an unreadable sample, and keeps the columns a person typed', async () => {
    const view = await render(
      <Harness
        values={{ destination: { ...emptyWizardValues().destination, columns: [{ name: 'mine', type: 'String' }] } }}
      >
        <DestinationStep />
      </Harness>,
    );
    await change(field('Sample'), '{"a": 1}\n{"a": }');
    await afterReading();
    expect(document.body.textContent).toContain('Line 2, column 7: a value expected');
    expect(field('Sample').getAttribute('aria-invalid')).toBe('true');

    await change(field('Sample'), '{"a": 1}');
    await afterReading();
    expect(probe.form!.getValues('destination.columns')).toEqual([{ name: 'mine', type: 'String' }]);
    await click(buttonNamed('Use the sample’s 1 columns'));
    expect(probe.form!.getValues('destination.columns')).toEqual([{ name: 'a', type: 'Int64' }]);
    await view.unmount();
  });

  it('refuses a file over 50 MB before reading it, naming the limit', async () => {
    const view = await render(
      <Harness>
        <DestinationStep />
      </Harness>,
    );
    const file = new File(['{}'], 'huge.jsonl', { type: 'application/json' });
    Object.defineProperty(file, 'size', { value: 60 * 1024 * 1024 });
    const text = vi.spyOn(file, 'text');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    await act(async () => {
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(document.body.textContent).toContain('huge.jsonl: The sample is 60.0 MB; samples are limited to 50 MB.');
    expect(text).not.toHaveBeenCalled();
    expect(probe.form!.getValues('destination.columns')).toEqual([{ name: '', type: 'String' }]);
    await view.unmount();
  });

  it('offers the sample’s fields as the source fields of the mapping step, with typing kept for others', async () => {
    const view = await render(
      <Harness>
        <DestinationStep />
        <MappingsStep />
      </Harness>,
    );
    await change(field('Sample'), SAMPLE);
    await afterReading();
    const picker = field('Source field for user_email');
    expect(picker.tagName).toBe('SELECT');
    expect(picker.value).toBe('user.email');
    expect([...picker.options].map((o) => o.textContent)).toContain('created_at · DateTime64(3)');
    await change(picker, 'id');
    expect(probe.form!.getValues('fieldMappings').find((m) => m.destinationField === 'user_email')?.sourceField).toBe(
      'id',
    );
    await change(picker, '\u0000other');
    expect(field('Source field for user_email').tagName).toBe('INPUT');
    await view.unmount();
  });
});
