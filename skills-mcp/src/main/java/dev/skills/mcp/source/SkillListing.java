package dev.skills.mcp.source;

import java.util.List;

/**
 * What one listing of a server found: the skills to read, the skills left out with why,
 * and the revision that stands for all of it.
 *
 * @param revision a digest of the listing (every skill file's URI, size and digest, and
 * the index read)
 * @param skills the skills to read
 * @param skipped one line per skill left out, with why
 */
record SkillListing(String revision, List<RemoteSkill> skills, List<String> skipped) {

	/**
	 * Whether every file of every skill has a digest.
	 * @return whether an unchanged listing means unchanged files
	 */
	boolean digested() {
		return this.skills.stream().allMatch(RemoteSkill::digested);
	}

}
