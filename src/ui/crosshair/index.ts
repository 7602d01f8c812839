/** The crosshair editors (issue 4): the page the settings menu embeds, the list of the four
 * types, the preview and the field widgets. */
export {
  CrosshairEditorPage, crosshairEditorRoute, crosshairTypeOfRoute, type CrosshairEditorPageProps,
} from './CrosshairEditorPage';
export { CrosshairEditorList, type CrosshairEditorListProps } from './CrosshairEditorList';
export { CrosshairPreview, type CrosshairPreviewProps } from './CrosshairPreview';
export { CheckboxField, ColorField, NumberField, hexToRgb, rgbToHex } from './CrosshairFields';
