import type { RefObject } from 'react';
import CascadePicker from 'antd-mobile/es/components/cascade-picker';
import Form from 'antd-mobile/es/components/form';
import type { RuleObject } from 'antd-mobile/es/components/form';
import type { PickerRef } from 'antd-mobile/es/components/picker';
import { PAGE_PICK_PLACEHOLDER } from '@app/contract/messages/onboarding-pages.ts';
import { addressPickerOptions, type AddressList } from '../api/common-address.ts';

interface CountyDistrictItemProps {
  name: string;
  label: string;
  rules: RuleObject[];
  /** The county and district list (loan/common/address); undefined while it loads. */
  list: AddressList | undefined;
  loading?: boolean;
}

/**
 * County, then district, as one form row opening antd-mobile's CascadePicker (step 1's
 * residence and /choose-location). The form value is the picker's `[county, district]`.
 */
export function CountyDistrictItem({ name, label, rules, list, loading = false }: CountyDistrictItemProps) {
  return (
    <Form.Item
      name={name}
      label={label}
      trigger="onConfirm"
      arrow
      rules={rules}
      onClick={(_event, ref: RefObject<PickerRef | null>) => ref.current?.open()}
    >
      <CascadePicker options={addressPickerOptions(list)} title={label} loading={loading}>
        {(items) =>
          items.length > 0 && items.every(Boolean) ? (
            <span className="picker-value">{items.map((item) => item?.label).join(' ')}</span>
          ) : (
            <span className="picker-placeholder">{PAGE_PICK_PLACEHOLDER}</span>
          )
        }
      </CascadePicker>
    </Form.Item>
  );
}
