// Schema 8 (issue 54): a review decision may carry the host's signature (`jws`). A v7 document, decisions and all,
// reads as it was; a v8 decision's `jws` must be a compact JWS.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SCHEMA_VERSION } from '../../../src/model/document.js';
import { readProject } from '../../../src/model/migrate.js';
import { validateProject } from '../../../src/model/validate.js';
import { sampleProject } from '../../model/fixtures.js';

const decision = { id: 'd1', version: 'v1', reviewer: { id: 'u1', name: 'Dana', role: 'client' }, at: '2026-05-01T09:30:00Z', label: 'approved', contentHash: 'a'.repeat(64) };
const withDecisions = (schemaVersion: number, decisions: unknown[]) => ({ ...JSON.parse(JSON.stringify(sampleProject())), schemaVersion, review: { comments: [], decisions } });

describe('schema 8: signed decisions', () => {
  it('a v7 document with an unsigned decision reads as schema 8, the decision as it was', () => {
    const doc = readProject(withDecisions(7, [decision]));
    assert.equal(doc.schemaVersion, SCHEMA_VERSION);
    assert.deepEqual(doc.review.decisions, [decision]);
  });

  it('a v8 decision keeps its jws; a jws that is not a compact JWS is refused by its path', () => {
    const jws = 'eyJhbGciOiJFUzI1NiJ9.eyJ0eXAiOiJ4In0.c2ln';
    assert.equal(readProject(withDecisions(8, [{ ...decision, jws }])).review.decisions[0]!.jws, jws);
    assert.throws(() => validateProject(withDecisions(8, [{ ...decision, jws: 'signed by me' }])), /project\.review\.decisions\[0\]\.jws: expected a compact JWS/);
  });
});
