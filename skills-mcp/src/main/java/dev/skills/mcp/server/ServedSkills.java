package dev.skills.mcp.server;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import dev.skills.core.SkillMeta;
import dev.skills.core.SkillResourceException;
import dev.skills.core.registry.SkillsSnapshot;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * The skills one snapshot serves as Skills Extension entries, built once per snapshot so
 * that a page of {@code skills/list} or a {@code skills/get} costs a look-up: each entry
 * with its frontmatter and every file's URI, size and digest, and every file by URI. A
 * skill whose {@code SKILL.md} cannot be read, or whose frontmatter is no YAML mapping,
 * is left out; the others are served.
 */
final class ServedSkills {

	private static final Log logger = LogFactory.getLog(ServedSkills.class);

	private final long generation;

	private final List<Entry> entries;

	private final Map<String, Entry> bySkillFile = new HashMap<>();

	private final Map<String, Entry> byRoot = new HashMap<>();

	private final Map<String, ServedFile> files = new HashMap<>();

	private final List<ServedFile> allFiles = new ArrayList<>();

	// The entries as the wire carries them, made once.
	private final List<Map<String, Object>> json;

	private ServedSkills(long generation, List<Entry> entries) {
		this.generation = generation;
		this.entries = List.copyOf(entries);
		this.json = entries.stream().map(Entry::json).toList();
		for (Entry entry : entries) {
			this.bySkillFile.put(entry.uri(), entry);
			this.byRoot.put(entry.root(), entry);
			entry.files().forEach((file) -> this.files.put(file.uri(), file));
			this.allFiles.addAll(entry.files());
		}
	}

	/**
	 * Read the served skills of a snapshot.
	 * @param snapshot the snapshot
	 * @param serves which skills are served
	 * @param reads the guarded reads
	 * @return the entries
	 */
	static ServedSkills of(SkillsSnapshot snapshot, Predicate<SkillMeta> serves, SkillFileReads reads) {
		List<Entry> entries = new ArrayList<>();
		for (SkillMeta skill : snapshot.skills()) {
			if (!serves.test(skill)) {
				continue;
			}
			List<ServedFile> files = reads.files(snapshot, skill);
			String uri = SkillUris.skillFile(skill.name());
			Map<String, Object> frontmatter = (!files.isEmpty() && files.get(0).uri().equals(uri))
					? frontmatter(reads, files.get(0)) : null;
			if (frontmatter == null) {
				logger
					.debug("Not serving skill '" + skill.name() + "' on the Skills Extension: no readable frontmatter");
				continue;
			}
			entries.add(new Entry(skill.name(), uri, frontmatter, files));
		}
		return new ServedSkills(snapshot.generation(), entries);
	}

	private static @Nullable Map<String, Object> frontmatter(SkillFileReads reads, ServedFile skillFile) {
		try {
			return FrontmatterJson.of(reads.text(skillFile));
		}
		catch (SkillResourceException ex) {
			return null;
		}
	}

	long generation() {
		return this.generation;
	}

	List<Entry> entries() {
		return this.entries;
	}

	/**
	 * Entries as the wire carries them.
	 * @param from the first index
	 * @param to the index after the last
	 * @return {@code {uri, frontmatter, resources}} maps
	 */
	List<Map<String, Object>> json(int from, int to) {
		return this.json.subList(from, to);
	}

	@Nullable Entry skill(String skillFileUri) {
		return this.bySkillFile.get(skillFileUri);
	}

	boolean serves(String name) {
		return this.bySkillFile.containsKey(SkillUris.skillFile(name));
	}

	/**
	 * Every served file, skill by skill.
	 * @return the files
	 */
	List<ServedFile> files() {
		return this.allFiles;
	}

	@Nullable ServedFile file(String uri) {
		return this.files.get(uri);
	}

	/**
	 * The skill a folder URI is in.
	 * @param folderUri {@code skill://<name>} or a folder below it, no trailing slash
	 * @return the skill, or {@code null}
	 */
	@Nullable Entry skillOf(String folderUri) {
		if (!folderUri.startsWith(SkillUris.SCHEME)) {
			return null;
		}
		int slash = folderUri.indexOf('/', SkillUris.SCHEME.length());
		return this.byRoot.get((slash < 0) ? folderUri : folderUri.substring(0, slash));
	}

	/**
	 * One served skill.
	 *
	 * @param name the skill name
	 * @param uri the URI of its {@code SKILL.md}
	 * @param frontmatter its frontmatter as JSON values
	 * @param files its files, {@code SKILL.md} first
	 */
	record Entry(String name, String uri, Map<String, Object> frontmatter, List<ServedFile> files) {

		/**
		 * The skill's folder URI: {@code skill://<name>}.
		 * @return the URI
		 */
		String root() {
			return this.uri.substring(0, this.uri.length() - SkillUris.SKILL_FILE.length() - 1);
		}

		/**
		 * The entry as {@code skills/list} and {@code skills/get} carry it.
		 * @return {@code {uri, frontmatter, resources: [{uri, digest, size}]}}
		 */
		Map<String, Object> json() {
			List<Map<String, Object>> resources = new ArrayList<>(this.files.size());
			for (ServedFile file : this.files) {
				Map<String, Object> resource = new LinkedHashMap<>();
				resource.put("uri", file.uri());
				resource.put("digest", file.digest());
				resource.put("size", file.size());
				resources.add(resource);
			}
			Map<String, Object> json = new LinkedHashMap<>();
			json.put("uri", this.uri);
			json.put("frontmatter", this.frontmatter);
			json.put("resources", resources);
			return json;
		}

	}

}
