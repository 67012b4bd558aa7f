// Bundled variable Inter: identical glyphs on every machine, so screenshots are deterministic.
import '@fontsource-variable/inter';
