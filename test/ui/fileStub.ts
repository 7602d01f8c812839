/** Stands in for imported asset files (css, png, svg, ogg) in jsdom tests. */
const fileStub = 'test-file-stub';
export default fileStub;
