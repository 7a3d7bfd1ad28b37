// Error messages in the 19 locales, loaded once when the app is built.
import { LOCALE_TAGS } from '@portal/contract/data/locales';
import type { LocaleTag } from '@portal/contract/data/locales';
import { GENERIC_MESSAGE } from '@portal/contract/errors/catalogue';
import { loadErrorMessages } from '@portal/contract/errors/messages';
import type { MessageTable } from '@portal/contract/errors/messages';
import { interpolate } from '@portal/contract/errors/wire-error';

export class ErrorMessages {
  readonly #tables: Map<string, MessageTable>;

  private constructor(tables: Map<string, MessageTable>) {
    this.#tables = tables;
  }

  static async load(): Promise<ErrorMessages> {
    const entries = await Promise.all(LOCALE_TAGS.map(async (tag) => [tag, await loadErrorMessages(tag)] as const));
    return new ErrorMessages(new Map(entries));
  }

  message(locale: LocaleTag, key: string, values: Record<string, unknown> | null): string {
    const text = this.#tables.get(locale)?.[key] ?? this.#tables.get('en-US')?.[key] ?? GENERIC_MESSAGE;
    return interpolate(text, values);
  }
}
