package dev.skills.mcp.source;

import java.util.List;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * One skill a server lists: its folder and its files, {@code SKILL.md} first.
 *
 * @param folder the decoded segments of its folder ({@code skill://<folder>/SKILL.md});
 * the last is the skill's name
 * @param files its files, {@code SKILL.md} first
 * @param frontmatter the frontmatter a Skills Extension listing gave, which its
 * {@code SKILL.md} must have; {@code null} for a resource listing
 */
record RemoteSkill(List<String> folder, List<RemoteFile> files, @Nullable JsonNode frontmatter) {

	/**
	 * The name the URI gives the skill.
	 * @return the last segment of its folder
	 */
	String name() {
		return this.folder.get(this.folder.size() - 1);
	}

	/**
	 * Whether every file has a digest, so that an unchanged listing means unchanged
	 * files.
	 * @return whether each file has one
	 */
	boolean digested() {
		return this.files.stream().allMatch((file) -> file.sha256() != null);
	}

}
