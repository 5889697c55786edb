package dev.skills.mcp.source;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import io.modelcontextprotocol.spec.McpSchema.Resource;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * Turns a server's listing into skills: a resource listing (which {@code SKILL.md} URIs
 * name a skill: those of {@code skill://index.json} when the server has one, else every
 * listed one; which listed files belong to each) or the entries of the Skills Extension's
 * {@code skills/list}; and the digest and size each file must have. A skill whose entry
 * point is not listed, whose URI is not made of plain segments, or that lies inside
 * another skill is left out with why.
 */
final class Listings {

	// A skill's files in the order RemoteSkill keeps them.
	private static final Comparator<RemoteFile> SKILL_FILE_FIRST = Comparator
		.comparing((RemoteFile file) -> !file.path().equals(SkillUri.SKILL_FILE))
		.thenComparing(RemoteFile::path);

	/** The digest of a file whose listed digest is no SHA-256 digest. */
	static final String INVALID = "invalid";

	private static final Pattern HEX = Pattern.compile("[0-9a-f]{64}");

	private Listings() {
	}

	/**
	 * Build the skills of a listing.
	 * @param resources every resource the server listed
	 * @param entryPoints the {@code SKILL.md} URIs of the index, or {@code null} without
	 * one
	 * @param extra what else the revision depends on (the index's digest), or empty
	 * @return the listing
	 */
	static SkillListing of(Collection<Resource> resources, @Nullable List<String> entryPoints, String extra) {
		Map<String, Resource> listed = new LinkedHashMap<>();
		for (Resource resource : resources) {
			if (resource.uri().startsWith(SkillUri.SCHEME) && !resource.uri().equals(SkillUri.INDEX)) {
				listed.putIfAbsent(resource.uri(), resource);
			}
		}
		List<String> skipped = new ArrayList<>();
		List<String> candidates = (entryPoints != null) ? entryPoints
				: listed.keySet().stream().filter((uri) -> uri.endsWith("/" + SkillUri.SKILL_FILE)).toList();
		Map<List<String>, String> folders = new LinkedHashMap<>();
		for (String candidate : candidates) {
			SkillUri uri = SkillUri.parse(candidate);
			if (uri == null || !uri.isSkillFile()) {
				skipped.add(candidate + ": not a skill://<name>/SKILL.md URI of plain segments");
			}
			else if (!listed.containsKey(candidate)) {
				skipped.add(candidate + ": the index names it but the server does not list it");
			}
			else {
				folders.putIfAbsent(uri.folder(), candidate);
			}
		}
		Map<List<String>, List<RemoteFile>> files = new LinkedHashMap<>();
		for (List<String> folder : folders.keySet()) {
			List<String> outer = enclosing(folder, folders.keySet());
			if (outer != null) {
				skipped.add(folders.get(folder) + ": inside the skill of " + folders.get(outer));
			}
			else {
				files.put(folder, new ArrayList<>());
			}
		}
		for (Resource resource : listed.values()) {
			SkillUri uri = SkillUri.parse(resource.uri());
			List<String> folder = (uri != null) ? enclosing(uri.segments(), files.keySet()) : null;
			if (folder != null) {
				String path = String.join("/", uri.segments().subList(folder.size(), uri.segments().size()));
				files.get(folder).add(new RemoteFile(resource.uri(), path, size(resource), sha256(resource)));
			}
		}
		List<RemoteSkill> skills = new ArrayList<>();
		files.forEach((folder, list) -> {
			list.sort(SKILL_FILE_FIRST);
			skills.add(new RemoteSkill(folder, List.copyOf(list), null));
		});
		return new SkillListing(revision(skills, skipped, extra), List.copyOf(skills), List.copyOf(skipped));
	}

	/**
	 * Build the skills of a Skills Extension listing. Each entry must name its own
	 * {@code SKILL.md} ({@code skill://<path>/<name>/SKILL.md}, plain segments), carry
	 * its frontmatter, and list every file below its folder with a {@code sha256:} digest
	 * and a size, its {@code SKILL.md} among them. An entry that does not, that names a
	 * file outside its folder (another skill, another scheme or host), repeats a skill,
	 * or lies inside another is left out with why.
	 * @param entries the entries as the server sent them
	 * @return the listing
	 */
	static SkillListing ofEntries(List<JsonNode> entries) {
		List<String> skipped = new ArrayList<>();
		Map<List<String>, RemoteSkill> found = new LinkedHashMap<>();
		for (JsonNode entry : entries) {
			String uri = text(entry.path("uri"));
			SkillUri parsed = SkillUri.parse(uri);
			if (parsed == null || !parsed.isSkillFile()) {
				skipped.add(uri + ": not a skill://<name>/SKILL.md URI of plain segments");
			}
			else if (found.containsKey(parsed.folder())) {
				skipped.add(uri + ": listed twice");
			}
			else if (!entry.path("frontmatter").isObject()) {
				skipped.add(uri + ": listed without its frontmatter");
			}
			else {
				List<RemoteFile> files = new ArrayList<>();
				String why = files(entry.path("resources"), parsed.folder(), files);
				if (why == null && files.stream().noneMatch((file) -> file.path().equals(SkillUri.SKILL_FILE))) {
					why = "its own SKILL.md is not among its resources";
				}
				if (why != null) {
					skipped.add(uri + ": " + why);
				}
				else {
					files.sort(SKILL_FILE_FIRST);
					found.put(parsed.folder(),
							new RemoteSkill(parsed.folder(), List.copyOf(files), entry.get("frontmatter")));
				}
			}
		}
		List<RemoteSkill> skills = new ArrayList<>();
		found.forEach((folder, skill) -> {
			List<String> outer = enclosing(folder, found.keySet());
			if (outer != null) {
				skipped
					.add(skill.files().get(0).uri() + ": inside the skill of " + found.get(outer).files().get(0).uri());
			}
			else {
				skills.add(skill);
			}
		});
		return new SkillListing(revision(skills, skipped, "skills/list"), List.copyOf(skills), List.copyOf(skipped));
	}

	// The files an entry lists, each below its folder with a digest and a size; why not.
	private static @Nullable String files(JsonNode resources, List<String> folder, List<RemoteFile> files) {
		Set<String> paths = new HashSet<>();
		for (JsonNode resource : resources) {
			String uri = text(resource.path("uri"));
			SkillUri parsed = SkillUri.parse(uri);
			if (parsed == null || parsed.segments().size() <= folder.size()
					|| !parsed.segments().subList(0, folder.size()).equals(folder)) {
				return "lists " + uri + ", which is not a file of plain segments in its folder";
			}
			String digest = resource.path("digest").isString()
					? sha256(Map.of("digest", resource.path("digest").stringValue())) : null;
			JsonNode size = resource.path("size");
			if (digest == null || !size.isIntegralNumber() || !size.canConvertToLong()) {
				return "lists " + uri + " without a sha256 digest and a size";
			}
			String path = String.join("/", parsed.segments().subList(folder.size(), parsed.segments().size()));
			if (paths.add(path)) {
				files.add(new RemoteFile(uri, path, size.longValue(), digest));
			}
		}
		return null;
	}

	private static String text(JsonNode node) {
		return node.isString() ? node.stringValue() : String.valueOf(node);
	}

	/**
	 * The SHA-256 digest a resource's {@code _meta} gives ({@code sha256} or
	 * {@code digest}, as {@code sha256:<hex>} or bare hex).
	 * @param meta the {@code _meta} object, or {@code null}
	 * @return the lower-case hex digest, {@link #INVALID} for a value that is no SHA-256
	 * digest, or {@code null} without one
	 */
	static @Nullable String sha256(@Nullable Map<String, Object> meta) {
		if (meta == null) {
			return null;
		}
		Object value = (meta.get("sha256") != null) ? meta.get("sha256") : meta.get("digest");
		if (value == null) {
			return null;
		}
		String text = value.toString().toLowerCase(Locale.ROOT);
		if (text.startsWith("sha256:")) {
			text = text.substring("sha256:".length());
		}
		return HEX.matcher(text).matches() ? text : INVALID;
	}

	private static @Nullable String sha256(Resource resource) {
		return sha256(resource.meta());
	}

	private static @Nullable Long size(Resource resource) {
		if (resource.size() != null) {
			return resource.size();
		}
		Object size = (resource.meta() != null) ? resource.meta().get("size") : null;
		return (size instanceof Number number) ? number.longValue() : null;
	}

	// The deepest folder among these that holds a path (or folder) strictly below it:
	// a lookup per prefix, so a listing costs its files times their depth.
	private static @Nullable List<String> enclosing(List<String> path, Set<List<String>> folders) {
		for (int length = path.size() - 1; length > 0; length--) {
			List<String> prefix = path.subList(0, length);
			if (folders.contains(prefix)) {
				return prefix;
			}
		}
		return null;
	}

	private static String revision(List<RemoteSkill> skills, List<String> skipped, String extra) {
		try {
			MessageDigest digest = MessageDigest.getInstance("SHA-256");
			for (RemoteSkill skill : skills) {
				for (RemoteFile file : skill.files()) {
					digest.update(file.identity().getBytes(StandardCharsets.UTF_8));
					digest.update((byte) '\n');
				}
			}
			skipped.forEach((line) -> digest.update((line + "\n").getBytes(StandardCharsets.UTF_8)));
			digest.update(extra.getBytes(StandardCharsets.UTF_8));
			return "mcp-" + HexFormat.of().formatHex(digest.digest(), 0, 16);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
