/**
 * A StandardMaterial plugin that cuts thin instances out by their instance colour's alpha
 * (despawnStyles.ts cutoutAlpha): alpha 1 draws the instance solid; 0 ≤ a < 1 keeps the share
 * `a` of its surface, cut by a blocky world-space noise (dissolve, glow fade, the explode centre
 * burst thinning out), with a hot rim on the cells about to go; 2 ≤ a ≤ 3 cuts it along screen
 * scanlines keeping about (a − 2) of the lines (holo). One material, no blending, no sorting:
 * the targets stay one draw call per model part. GLSL (WebGL) only.
 */
import { MaterialPluginBase } from '@babylonjs/core/Materials/materialPluginBase';
import type { Material } from '@babylonjs/core/Materials/material';
import { ShaderLanguage } from '@babylonjs/core/Materials/shaderLanguage';

/** Noise cells per metre of the dissolve cut. */
export const DISSOLVE_CELLS_PER_M = 12;
/** Scanline period of the holo cut, device pixels. */
export const HOLO_LINE_PX = 5;

/** The plugin; attach with `new CutoutMaterialPlugin(material)`. */
export class CutoutMaterialPlugin extends MaterialPluginBase {
  constructor(material: Material) {
    super(material, 'AimCutout', 210, undefined, true, true);
  }

  override getClassName(): string {
    return 'CutoutMaterialPlugin';
  }

  override isCompatible(shaderLanguage: ShaderLanguage): boolean {
    return shaderLanguage === ShaderLanguage.GLSL;
  }

  override getCustomCode(shaderType: string): { [pointName: string]: string } | null {
    if (shaderType !== 'fragment') return null;
    return {
      CUSTOM_FRAGMENT_MAIN_BEGIN: `
float aimCutEdge = 0.0;
#if defined(INSTANCESCOLOR) && defined(INSTANCES)
{
  float aimCut = vColor.a;
  if (aimCut < 0.999) {
    vec3 aimCell = floor(vPositionW * ${DISSOLVE_CELLS_PER_M.toFixed(1)});
    float aimN = fract(sin(dot(aimCell, vec3(12.9898, 78.233, 37.719))) * 43758.5453);
    if (aimN >= aimCut) discard;
    aimCutEdge = smoothstep(aimCut - 0.12, aimCut, aimN) * step(0.001, aimCut);
  } else if (aimCut > 1.5) {
    float aimKeep = clamp(aimCut - 2.0, 0.0, 1.0);
    float aimLine = fract(gl_FragCoord.y / ${HOLO_LINE_PX.toFixed(1)});
    if (aimLine > 0.1 + 0.8 * aimKeep) discard;
    aimCutEdge = 0.35;
  }
}
#endif
`,
      CUSTOM_FRAGMENT_BEFORE_FRAGCOLOR: `
color.rgb = mix(color.rgb, vec3(1.0, 0.85, 0.55), aimCutEdge);
`,
    };
  }
}
