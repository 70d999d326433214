/**
 * 真太阳时 (local apparent solar time) of a birthplace: the zone's clock corrected by the longitude
 * offset from the zone meridian (4 minutes per degree) and by the equation of time.
 *
 * Equation of time: Smart's formula as given by J. Meeus, *Astronomical Algorithms* (2nd ed., 1998),
 * eq. 28.3 — E = y·sin2L₀ − 2e·sinM + 4ey·sinM·cos2L₀ − ½y²·sin4L₀ − 5⁄4·e²·sin2M with y = tan²(ε/2),
 * L₀, M, e from Meeus ch. 25 (low accuracy) and ε the mean obliquity (eq. 22.2). Good to a few seconds
 * for 1900–2100 (Meeus' example 1992-10-13: +13m42.7s; tested). ΔT is ignored (under 2 minutes of
 * time in the argument, < 1 s in E). No `Date` involved.
 */

const DEG = Math.PI / 180;

/** Equation of time in seconds (apparent − mean solar time) at a UTC instant (epoch seconds). */
export function equationOfTime(utcSeconds: number): number {
  const jd = utcSeconds / 86400 + 2440587.5;
  const t = (jd - 2451545) / 36525;
  const l0 = (280.46646 + 36000.76983 * t + 0.0003032 * t * t) * DEG;
  const m = (357.52911 + 35999.05029 * t - 0.0001537 * t * t) * DEG;
  const e = 0.016708634 - 0.000042037 * t - 0.0000001267 * t * t;
  const eps = (23.4392911 - 0.0130042 * t - 1.64e-7 * t * t + 5.04e-7 * t * t * t) * DEG;
  const y = Math.tan(eps / 2) ** 2;
  const radians =
    y * Math.sin(2 * l0) -
    2 * e * Math.sin(m) +
    4 * e * y * Math.sin(m) * Math.cos(2 * l0) -
    0.5 * y * y * Math.sin(4 * l0) -
    1.25 * e * e * Math.sin(2 * m);
  // radians → degrees → seconds of time (1° = 240 s)
  return (radians / DEG) * 240;
}

/** The true-solar-time correction of a birth: its parts in seconds and the corrected local time. */
export interface TrueSolarTime {
  /** Birthplace longitude, degrees east (west negative). */
  longitude: number;
  /** Meridian of the zone's standard time, degrees east (120 for 北京时间). */
  meridian: number;
  /** (longitude − meridian) × 240 s. */
  longitudeSeconds: number;
  /** Equation of time, seconds. */
  eotSeconds: number;
  /** Local apparent solar time as wall-like seconds since 1970-01-01 00:00 (day number × 86400 + time of day). */
  local: number;
}

/**
 * Local apparent solar time of an instant at a longitude: UTC + longitude × 240 s + equation of time.
 * `meridian` only labels the parts (the zone's own standard meridian).
 */
export function trueSolarTime(utcSeconds: number, longitude: number, meridian: number): TrueSolarTime {
  const eot = equationOfTime(utcSeconds);
  const mean = utcSeconds + longitude * 240;
  return {
    longitude,
    meridian,
    longitudeSeconds: (longitude - meridian) * 240,
    eotSeconds: eot,
    local: Math.floor(mean + eot),
  };
}
