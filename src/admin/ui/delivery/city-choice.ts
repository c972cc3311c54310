/** A city as the delivery forms offer it: typed by name, sent by code. */
export interface CityChoice {
  code: string
  name: string
  region: string
}

/** The text a city shows in the list: its name, and its region where that differs (namesakes). */
export function cityLabel(c: CityChoice): string {
  return c.region && c.region !== c.name ? `${c.name}, ${c.region}` : c.name
}

/** The city a typed text names: the exact label, else the first (largest) city of that name. */
export function cityFromText(choices: readonly CityChoice[], text: string): CityChoice | undefined {
  const t = text.trim().toLowerCase()
  if (!t) return undefined
  return choices.find((c) => cityLabel(c).toLowerCase() === t) ?? choices.find((c) => c.name.toLowerCase() === t)
}
