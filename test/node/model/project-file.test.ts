import { describe, it } from 'node:test';
import { expect } from '../support/expect.js';
import { exportProjectFile, importProjectFile, projectFileName } from '../../../src/model/project-file.js';
import { resolveProjectId } from '../../../src/model/project-id.js';
import { StudioProjectError } from '../../../src/model/validate.js';
import { sampleProject } from '../../model/fixtures.js';

async function importError(file: Blob): Promise<StudioProjectError> {
  try {
    await importProjectFile(file);
  } catch (error) {
    if (error instanceof StudioProjectError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('project files', () => {
  it('names the file after the title', () => {
    expect(projectFileName('Summer Sale: -20% Crème!')).to.equal('summer-sale-20-creme.studio.json');
    expect(projectFileName('   ')).to.equal('project.studio.json');
  });

  it('exports JSON that imports back to the same document', async () => {
    const doc = sampleProject();
    const { blob, fileName } = exportProjectFile(doc);
    expect(fileName).to.equal('summer-sale.studio.json');
    expect(blob.type).to.equal('application/json');
    const back = await importProjectFile(new File([blob], fileName));
    expect(back).to.deep.equal(doc);
  });

  it('imports an older schema through its migration', async () => {
    const v1 = { schemaVersion: 1, id: 'ad-1', title: 'Old', duration: 15, script: ['One'], voice: null, music: null, musicGain: -6 };
    const doc = await importProjectFile(new Blob([JSON.stringify(v1)]));
    expect(doc.script.sections[0]!.text).to.equal('One');
  });

  it('refuses a file that is not JSON, naming the file', async () => {
    const error = await importError(new File(['not json'], 'notes.txt'));
    expect(error.message).to.match(/^file: notes\.txt is not a project file: it is not JSON/);
  });

  it('refuses a wrong field with its path', async () => {
    const doc = JSON.parse(JSON.stringify(sampleProject()));
    doc.script.sections[2] = { id: 's3', label: 'CTA', text: 4 };
    const error = await importError(new Blob([JSON.stringify(doc)]));
    expect(error.message).to.equal('project.script.sections[2].text: expected a string, got 4');
  });
});

describe('resolveProjectId', () => {
  const memory = () => {
    const map = new Map<string, string>();
    return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
  };

  it('uses the configured id', () => {
    expect(resolveProjectId('p-42', 'u', memory())).to.equal('p-42');
  });

  it('generates an id once and remembers it per user', () => {
    const storage = memory();
    const first = resolveProjectId(undefined, 'u1', storage);
    expect(first).to.match(/^ad-[0-9a-f-]{36}$/);
    expect(resolveProjectId(undefined, 'u1', storage)).to.equal(first);
    expect(resolveProjectId(undefined, 'u2', storage)).to.not.equal(first);
  });

  it('still gives an id when storage throws', () => {
    const broken = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    expect(resolveProjectId(undefined, 'u', broken)).to.match(/^ad-/);
  });
});
