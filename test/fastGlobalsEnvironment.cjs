/**
 * Jest's node test environment with the test file's globals on an ordinary global object
 * (issue 34 item 6: a faster suite). jest-environment-node creates its context with
 * `vm.createContext(sandbox)`: a contextified global, whose every global lookup (`Math`,
 * `Object`, `Buffer`, `performance`, ...) goes through Node's interceptor into C++, about
 * 0.7 µs each. Engine replays (a state hash a tick), PNG decodes and server code imported into
 * a test paid that on every `Math.imul` or `Math.abs`: 3 M `Math.abs` calls took 2 s under Jest,
 * 65 ms in plain Node. Node's `vm.constants.DONT_CONTEXTIFY` (Node 20.18 / 22.8+) makes
 * createContext return a new context's own global object, whose lookups are as fast as the
 * main context's; everything else is jest-environment-node's own setup, unchanged (it runs
 * with createContext swapped for the length of its constructor). On a Node without the
 * constant this is jest-environment-node as is.
 */
'use strict';
const vm = require('node:vm');
const { TestEnvironment } = require('jest-environment-node');

const DONT_CONTEXTIFY = vm.constants && vm.constants.DONT_CONTEXTIFY;

class FastGlobalsEnvironment extends TestEnvironment {
  constructor(config, context) {
    const create = vm.createContext;
    if (DONT_CONTEXTIFY) vm.createContext = () => create(DONT_CONTEXTIFY);
    try {
      super(config, context);
    } finally {
      vm.createContext = create;
    }
  }
}

module.exports = FastGlobalsEnvironment;
