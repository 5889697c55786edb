package dev.skills.sources.index;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import dev.skills.core.internal.prompt.ModelText;
import dev.skills.sources.CheckoutPaths;
import org.jspecify.annotations.Nullable;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * A published index, read leniently: the agentskills discovery draft ({@code $schema}
 * {@code …/discovery/0.2.0/schema.json}, entries of {@code type} {@code skill-md} or
 * {@code archive} with a {@code url} and a {@code digest}) and the Cloudflare RFC
 * ({@code version}, entries with {@code files} of {@code path} and {@code digest}, or a
 * {@code package} with {@code url} and {@code digest}). A digest is {@code sha256:<hex>}
 * in {@code digest}, or the hex in {@code sha256}. An entry that cannot be read is left
 * out with a warning; so is one of an unknown {@code type}.
 *
 * @param skills the entries that can be fetched, in index order, names unique
 * @param warnings what was left out or not understood, and why
 */
record PublishedIndex(List<Entry> skills, List<String> warnings) {

	private static final Pattern HEX = Pattern.compile("[0-9a-fA-F]{64}");

	// A skill's folder: one plain segment.
	private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,127}");

	private static final String SCHEMA_SUFFIX = "/discovery/0.2.0/schema.json";

	private static final Set<String> VERSIONS = Set.of("0.1.0", "0.2.0");

	/**
	 * Read an index.
	 * @param json the index's bytes
	 * @param indexUrl where it was fetched from: relative URLs resolve against it
	 * @param maxBytes the most bytes the index may hold
	 * @return the index
	 * @throws IllegalArgumentException when the bytes are not an index at all
	 */
	static PublishedIndex parse(byte[] json, URI indexUrl, int maxBytes) {
		Object document;
		try {
			LoaderOptions options = new LoaderOptions();
			options.setCodePointLimit(maxBytes);
			options.setMaxAliasesForCollections(0);
			options.setAllowDuplicateKeys(false);
			options.setNestingDepthLimit(20);
			document = new Yaml(new SafeConstructor(options)).load(new String(json, StandardCharsets.UTF_8));
		}
		catch (YAMLException ex) {
			throw new IllegalArgumentException("the index is not valid JSON: " + firstLine(ex.getMessage()));
		}
		if (!(document instanceof Map<?, ?> root) || !(root.get("skills") instanceof List<?> entries)) {
			throw new IllegalArgumentException("the index has no 'skills' array");
		}
		List<String> warnings = new ArrayList<>();
		Object schema = root.get("$schema");
		Object version = root.get("version");
		if (schema != null) {
			if (!String.valueOf(schema).endsWith(SCHEMA_SUFFIX)) {
				warnings.add("unknown $schema '" + schema + "'; read as discovery 0.2.0");
			}
		}
		else if (version != null) {
			if (!VERSIONS.contains(String.valueOf(version))) {
				warnings.add("unknown version '" + version + "'; read as 0.2.0");
			}
		}
		else {
			warnings.add("the index names no $schema or version; read as discovery 0.2.0");
		}
		List<Entry> skills = new ArrayList<>();
		Set<String> names = new HashSet<>();
		for (Object item : entries) {
			String name = (item instanceof Map<?, ?> map && map.get("name") != null) ? String.valueOf(map.get("name"))
					: "?";
			try {
				Entry entry = entry(item, indexUrl);
				if (!names.add(entry.name())) {
					throw new IllegalArgumentException("a skill of this name comes earlier in the index");
				}
				skills.add(entry);
			}
			catch (IllegalArgumentException ex) {
				warnings.add("skill '" + ModelText.echo(name) + "' skipped: " + ex.getMessage());
			}
		}
		return new PublishedIndex(List.copyOf(skills), List.copyOf(warnings));
	}

	private static Entry entry(Object item, URI indexUrl) {
		if (!(item instanceof Map<?, ?> map)) {
			throw new IllegalArgumentException("not an object");
		}
		String name = text(map, "name");
		if (name == null || !NAME.matcher(name).matches() || name.equals("..")) {
			throw new IllegalArgumentException("the name is not a plain folder name");
		}
		Object type = map.get("type");
		if (type != null) {
			String kind = String.valueOf(type);
			if (kind.equals("skill-md")) {
				return new Entry(name, false, List.of(artifact("SKILL.md", map, indexUrl)));
			}
			if (kind.equals("archive")) {
				return new Entry(name, true, List.of(artifact(null, map, indexUrl)));
			}
			throw new IllegalArgumentException("unknown type '" + ModelText.echo(kind) + "'");
		}
		if (map.get("package") instanceof Map<?, ?> pkg) {
			return new Entry(name, true, List.of(artifact(null, pkg, indexUrl)));
		}
		if (map.get("files") instanceof List<?> files && !files.isEmpty()) {
			List<Artifact> artifacts = new ArrayList<>();
			for (Object file : files) {
				if (!(file instanceof Map<?, ?> fileMap) || text(fileMap, "path") == null) {
					throw new IllegalArgumentException("a file without a path and a digest");
				}
				String raw = text(fileMap, "path");
				String path;
				try {
					path = CheckoutPaths.normalize(raw);
				}
				catch (IllegalArgumentException ex) {
					throw new IllegalArgumentException("file path '" + ModelText.echo(raw) + "' " + ex.getMessage());
				}
				if (path == null) {
					throw new IllegalArgumentException("file path '" + ModelText.echo(raw) + "' names no file");
				}
				artifacts.add(new Artifact(path, resolve(indexUrl, encode(name + "/" + path)), digest(fileMap)));
			}
			return new Entry(name, false, List.copyOf(artifacts));
		}
		throw new IllegalArgumentException("no type, package or files");
	}

	private static Artifact artifact(@Nullable String path, Map<?, ?> map, URI indexUrl) {
		String url = text(map, "url");
		if (url == null) {
			throw new IllegalArgumentException("no url");
		}
		try {
			return new Artifact(path, resolve(indexUrl, new URI(url)), digest(map));
		}
		catch (URISyntaxException ex) {
			throw new IllegalArgumentException("the url is not a URL");
		}
	}

	private static URI resolve(URI indexUrl, URI url) {
		URI resolved = indexUrl.resolve(url);
		IndexSourceSettings.checkHttp(resolved);
		return resolved;
	}

	private static URI encode(String path) {
		try {
			return new URI(null, null, path, null);
		}
		catch (URISyntaxException ex) {
			throw new IllegalArgumentException("file path is not a URL path");
		}
	}

	// The lower-case hex of a SHA-256 digest: 'digest' as sha256:<hex>, or 'sha256'.
	private static String digest(Map<?, ?> map) {
		String digest = text(map, "digest");
		String hex;
		if (digest != null) {
			if (!digest.regionMatches(true, 0, "sha256:", 0, 7)) {
				throw new IllegalArgumentException("digest is not sha256:<hex>");
			}
			hex = digest.substring(7);
		}
		else {
			hex = text(map, "sha256");
		}
		if (hex == null || !HEX.matcher(hex).matches()) {
			throw new IllegalArgumentException("no SHA-256 digest");
		}
		return hex.toLowerCase(Locale.ROOT);
	}

	private static @Nullable String text(Map<?, ?> map, String key) {
		Object value = map.get(key);
		return (value instanceof String string) ? string : null;
	}

	private static String firstLine(@Nullable String message) {
		String text = (message != null) ? message.strip() : "";
		int newline = text.indexOf('\n');
		return ModelText.echo((newline >= 0) ? text.substring(0, newline) : text);
	}

	/**
	 * One skill of the index.
	 *
	 * @param name the skill's folder name
	 * @param archive whether its one artifact is an archive of the skill's folder
	 * @param artifacts what to fetch: one {@code SKILL.md}, its files, or one archive
	 */
	record Entry(String name, boolean archive, List<Artifact> artifacts) {
	}

	/**
	 * One file to fetch.
	 *
	 * @param path where it goes in the skill's folder; {@code null} for an archive
	 * @param url where it is fetched from
	 * @param sha256 the lower-case hex of its SHA-256 digest
	 */
	record Artifact(@Nullable String path, URI url, String sha256) {
	}

}
