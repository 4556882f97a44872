import type { Address } from '@fieldbot/shared';
import { Combobox, Loader, TextInput, VisuallyHidden, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMapPin } from '@tabler/icons-react';
import { errorMessage } from '@/lib/notify';
import { ADDRESS_SEARCH_MIN_CHARS, useAddressSearch } from '../api/search-addresses';

export interface AddressFieldProps {
  value: string;
  /** True once the text is a chosen suggestion's location: nothing more to look up. */
  chosen: boolean;
  error?: React.ReactNode;
  onTextChange: (text: string) => void;
  onChoose: (address: Address) => void;
  onBlur?: () => void;
}

const SEARCH_DEBOUNCE_MS = 350;

/**
 * Spec §5 address: a street line plus a US ZIP or Canadian postal code gives suggestions (US and
 * Canada, addresses only); choosing one fills the location fields.
 */
export function AddressField({
  value,
  chosen,
  error,
  onTextChange,
  onChoose,
  onBlur,
}: AddressFieldProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [debounced] = useDebouncedValue(value, SEARCH_DEBOUNCE_MS);
  const search = useAddressSearch(debounced, { enabled: !chosen });

  const suggestions = chosen ? [] : (search.data ?? []);
  const longEnough = value.trim().length >= ADDRESS_SEARCH_MIN_CHARS;
  const searching = !chosen && longEnough && (search.isFetching || debounced !== value);

  let status: string | null = null;
  if (search.isError) status = errorMessage(search.error);
  else if (!searching && longEnough && search.isSuccess && suggestions.length === 0) {
    status = 'Nothing found';
  }
  const open = !chosen && longEnough && (suggestions.length > 0 || status !== null);

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(index) => {
        const address = suggestions[Number(index)];
        if (address) onChoose(address);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target withExpandedAttribute>
        <TextInput
          label="Address"
          required
          placeholder="Street address and ZIP / postal code"
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          description="Type the street and the ZIP or postal code, then choose the address"
          value={value}
          error={error}
          leftSection={<IconMapPin size={16} aria-hidden />}
          rightSection={searching ? <Loader size={16} aria-label="Looking up addresses" /> : null}
          onChange={(event) => {
            onTextChange(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => {
            combobox.closeDropdown();
            onBlur?.();
          }}
        />
      </Combobox.Target>
      <VisuallyHidden aria-live="polite">
        {open ? (status ?? `${suggestions.length} addresses found`) : ''}
      </VisuallyHidden>
      <Combobox.Dropdown hidden={!open}>
        <Combobox.Options aria-label="Address suggestions">
          {suggestions.map((address, index) => (
            <Combobox.Option value={String(index)} key={`${address.location}-${index}`}>
              {address.location}
            </Combobox.Option>
          ))}
          {suggestions.length === 0 && status ? <Combobox.Empty>{status}</Combobox.Empty> : null}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
