// `@scribe/ui/fonts.css`: optional Inter (variable, bundled: identical glyphs on every machine, so
// screenshots are deterministic). Without it the kit uses the system UI font; the components' stylesheet
// carries no font files. A plain module: a .css.ts file's own imports do not reach the output.
import '@fontsource-variable/inter';
import './fonts.css.ts';
