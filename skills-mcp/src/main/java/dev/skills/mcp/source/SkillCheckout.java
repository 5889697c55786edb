package dev.skills.mcp.source;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import dev.skills.core.load.SkillLoader;
import dev.skills.core.load.SkillReadResult;
import dev.skills.mcp.server.FrontmatterJson;
import dev.skills.sources.FetchBudget;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.util.FileSystemUtils;

/**
 * Writes the skills of one revision into its folder, counting every file and byte against
 * the revision's limits. A skill that cannot be written whole is removed again and the
 * reason returned; passing a revision limit fails the whole revision, as it does for a
 * git source.
 */
final class SkillCheckout {

	private static final JsonMapper MAPPER = JsonMapper.builder().build();

	private final McpReads reads;

	private final McpSourceSettings settings;

	private final FetchBudget budget;

	private final Path into;

	SkillCheckout(McpReads reads, McpSourceSettings settings, FetchBudget budget, Path into) {
		this.reads = reads;
		this.settings = settings;
		this.budget = budget;
		this.into = into;
	}

	/**
	 * Read a skill's files from the server and write them.
	 * @param skill the skill
	 * @return why it was left out, or {@code null} when it was written
	 * @throws IOException when the revision's limits are passed or the folder cannot be
	 * written
	 */
	@Nullable String read(RemoteSkill skill) throws IOException {
		Path folder = folder(skill);
		String why;
		try {
			why = readFiles(skill, folder);
			if (why == null) {
				why = mismatch(skill, folder);
			}
		}
		catch (IOException ex) {
			FileSystemUtils.deleteRecursively(folder);
			throw ex;
		}
		if (why != null) {
			FileSystemUtils.deleteRecursively(folder);
		}
		return why;
	}

	/**
	 * Copy a skill whose files did not change from the revision served.
	 * @param skill the skill
	 * @param served the served revision's folder
	 * @throws IOException when the limits are passed or the copy fails
	 */
	void copy(RemoteSkill skill, Path served) throws IOException {
		Path from = served.resolve(String.join("/", skill.folder()));
		for (RemoteFile file : skill.files()) {
			write(folder(skill), file.path(), Files.readAllBytes(from.resolve(file.path())));
		}
	}

	private @Nullable String readFiles(RemoteSkill skill, Path folder) throws IOException {
		for (RemoteFile file : skill.files()) {
			if (Listings.INVALID.equals(file.sha256())) {
				return file.uri() + " lists a digest that is no sha256:<hex>";
			}
			long max = this.settings.maxFileSize();
			if (file.size() != null && (file.size() > max || file.size() < 0)) {
				return file.uri() + " is listed at " + file.size() + " bytes, more than the " + max
						+ " allowed; not read";
			}
			byte[] content;
			this.budget.request();
			try {
				content = this.reads.read(file.uri(), (file.size() != null) ? file.size() : max,
						this.settings.readTimeout());
			}
			catch (IOException ex) {
				return ex.getMessage();
			}
			if (file.size() != null && content.length != file.size()) {
				return file.uri() + " has " + content.length + " bytes, not the " + file.size() + " listed";
			}
			if (file.sha256() != null && !file.sha256().equals(Digests.sha256(content))) {
				return file.uri() + " does not match its sha256 digest";
			}
			write(folder, file.path(), content);
		}
		return null;
	}

	private Path folder(RemoteSkill skill) {
		return this.into.resolve(String.join("/", skill.folder()));
	}

	// The frontmatter's name must be the URI's: a server does not rename a skill by
	// listing it under another name. A Skills Extension entry's frontmatter must be the
	// one its SKILL.md has, compared as JSON text (so 12 and 12.0 differ, as they do for
	// the TypeScript SDK's client).
	private @Nullable String mismatch(RemoteSkill skill, Path folder) throws IOException {
		Path skillFile = folder.resolve(SkillUri.SKILL_FILE);
		SkillReadResult result = SkillLoader.readMeta(skillFile);
		if (result.meta() != null && !result.meta().name().equals(skill.name())) {
			return "its SKILL.md names it '" + result.meta().name() + "', its URI '" + skill.name() + "'";
		}
		if (skill.frontmatter() != null) {
			Map<String, Object> read = FrontmatterJson
				.of(new String(Files.readAllBytes(skillFile), StandardCharsets.UTF_8));
			if (read == null || !MAPPER.readTree(MAPPER.writeValueAsString(read))
				.equals(MAPPER.readTree(MAPPER.writeValueAsString(skill.frontmatter())))) {
				return "its SKILL.md's frontmatter is not the one listed";
			}
		}
		return null;
	}

	private void write(Path folder, String path, byte[] content) throws IOException {
		this.budget.file();
		this.budget.bytes(content.length);
		// SkillUri admits plain segments only; this is the last line of defence.
		Path target = folder.resolve(path).normalize();
		if (!target.startsWith(folder)) {
			throw new IOException("a file outside its skill");
		}
		Files.createDirectories(target.getParent());
		Files.write(target, content);
	}

}
