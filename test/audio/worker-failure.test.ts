import { expect } from '@open-wc/testing';
import { describeWorkerFailure } from '../../src/audio/worker-failure.js';

describe('describeWorkerFailure', () => {
  it('names the Content-Security-Policy only when a violation was reported or the browser says so', () => {
    expect(describeWorkerFailure({ reason: new Event('error'), violatedDirective: 'worker-src' })).to.contain('worker-src');
    expect(describeWorkerFailure({ reason: new Event('error'), violatedDirective: 'require-trusted-types-for' })).to.contain('trusted-types studio-editor');
    expect(describeWorkerFailure({ reason: new Event('error') })).not.to.match(/Content-Security-Policy|worker-src|Trusted Types/);
    expect(describeWorkerFailure({ reason: new ErrorEvent('error', { message: 'Uncaught SyntaxError: Unexpected token' }) })).to.equal('the worker script failed as it loaded (Uncaught SyntaxError: Unexpected token)');
    expect(describeWorkerFailure({ reason: new RangeError('out of memory') })).to.equal('RangeError: out of memory');
  });

  it('from a CDN, a script that could not be loaded names the CDN for CORS and worker-src (its violation is not reported to the page)', () => {
    const fromCdn = describeWorkerFailure({ reason: new Event('error'), file: 'decode-worker.js', from: 'https://cdn.example' });
    expect(fromCdn).to.contain('could not be loaded from https://cdn.example');
    expect(fromCdn).to.contain('decode-worker.js is served there as JavaScript with CORS');
    expect(fromCdn).to.contain('lists https://cdn.example in worker-src');
    expect(describeWorkerFailure({ reason: new Event('error'), file: 'decode-worker.js' })).to.equal(
      "the worker script could not be loaded: check that decode-worker.js is served beside the editor's script, as JavaScript",
    );
  });
});
