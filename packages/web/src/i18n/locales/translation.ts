import type { AreaMessages } from './areas-zh';
import type { MainMessages } from './zh';

/** The areas whose strings live in a folder of their own (`<area>/zh.ts` and its JSON translations). */
export type Area = keyof AreaMessages;
/** Every string of the console in one language: the main table and the areas. */
export type Messages = MainMessages & AreaMessages;

/*
 * zh.ts and areas-zh.ts declare the shape of the messages; the other languages are plain JSON,
 * held to that shape here: a key missing from a translation fails the type check, one too many
 * fails i18n.test.ts.
 */
export function mainTranslation(main: MainMessages): MainMessages {
  return main;
}

export function areaTranslation(areas: AreaMessages): AreaMessages {
  return areas;
}
