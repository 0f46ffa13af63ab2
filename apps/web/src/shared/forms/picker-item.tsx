import type { RefObject } from 'react';
import Form from 'antd-mobile/es/components/form';
import Picker from 'antd-mobile/es/components/picker';
import type { PickerRef } from 'antd-mobile/es/components/picker';
import type { NamePath, RuleObject } from 'antd-mobile/es/components/form';
import { PAGE_PICK_PLACEHOLDER } from '@app/contract/messages/onboarding-pages.ts';

export interface PickerChoice {
  label: string;
  value: string;
}

/** The choices of a contract enum with their labels from the messages. */
export function choicesOf<K extends string>(keys: readonly K[], labels: Readonly<Record<K, string>>): PickerChoice[] {
  return keys.map((key) => ({ value: key, label: labels[key] }));
}

interface PickerItemProps {
  name: NamePath;
  label: string;
  choices: PickerChoice[];
  rules?: RuleObject[];
  title?: string;
}

/**
 * One choice from a list, as a form row that opens antd-mobile's Picker. The form value
 * is Picker's own (an array with the one chosen key).
 */
export function PickerItem({ name, label, choices, rules, title }: PickerItemProps) {
  return (
    <Form.Item
      name={name}
      label={label}
      trigger="onConfirm"
      rules={rules}
      arrow
      onClick={(_event, ref: RefObject<PickerRef | null>) => ref.current?.open()}
    >
      <Picker columns={[choices]} title={title ?? label}>
        {(items) => {
          const picked = items[0];
          return picked ? (
            <span className="picker-value">{picked.label}</span>
          ) : (
            <span className="picker-placeholder">{PAGE_PICK_PLACEHOLDER}</span>
          );
        }}
      </Picker>
    </Form.Item>
  );
}

/** The one key a Picker's value holds, or ''. */
export function pickedKey(value: unknown): string {
  return Array.isArray(value) && typeof value[0] === 'string' ? value[0] : '';
}
