import { describe, expect, it } from 'vitest';
import { ENDPOINT_GROUPS, ENDPOINTS } from './endpoints.ts';
import { PATHS } from './paths.ts';

describe('the endpoint table and its groups by feature', () => {
  it('defines each endpoint in one group only, and every group is in the table as it is', () => {
    const seen = new Map<string, string>();
    for (const [group, endpoints] of Object.entries(ENDPOINT_GROUPS)) {
      for (const [key, endpoint] of Object.entries(endpoints)) {
        expect(seen.get(key), `${key} in ${group} and ${seen.get(key)}`).toBeUndefined();
        seen.set(key, group);
        expect((ENDPOINTS as Record<string, unknown>)[key], key).toBe(endpoint);
      }
    }
  });

  it('has one endpoint per path of the path table but the multipart uploads, each with its own path', () => {
    const uploads = ['uploadFile', 'uploadImage'];
    expect(Object.keys(ENDPOINTS).sort()).toEqual(
      Object.keys(PATHS)
        .filter((key) => !uploads.includes(key))
        .sort(),
    );
    for (const [key, endpoint] of Object.entries(ENDPOINTS)) expect(endpoint.path, key).toBe(PATHS[key as keyof typeof PATHS].path);
  });
});
