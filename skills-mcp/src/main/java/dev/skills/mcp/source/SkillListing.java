package dev.skills.mcp.source;

import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

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

	private static final int MAX_WARNINGS = 50;

	private static final int MAX_WARNING_LENGTH = 1000;

	/**
	 * The skill of a folder.
	 * @param folder its folder's segments
	 * @return the skill, or {@code null} when this listing has none there
	 */
	@Nullable RemoteSkill skill(List<String> folder) {
		for (RemoteSkill skill : this.skills) {
			if (skill.folder().equals(folder)) {
				return skill;
			}
		}
		return null;
	}

	/**
	 * The source's warnings for the skills a checkout left out: one per skill, each and
	 * all of them bounded.
	 * @param skipped one line per skill left out
	 * @return at most 50 lines of at most 1,000 characters, and how many more
	 */
	static List<String> warnings(List<String> skipped) {
		List<String> warnings = new ArrayList<>();
		for (int i = 0; i < Math.min(skipped.size(), MAX_WARNINGS); i++) {
			String line = skipped.get(i);
			warnings.add((line.length() > MAX_WARNING_LENGTH) ? line.substring(0, MAX_WARNING_LENGTH) + "…" : line);
		}
		if (skipped.size() > MAX_WARNINGS) {
			warnings.add((skipped.size() - MAX_WARNINGS) + " more skills skipped");
		}
		return List.copyOf(warnings);
	}

	/**
	 * Whether every file of every skill has a digest.
	 * @return whether an unchanged listing means unchanged files
	 */
	boolean digested() {
		return this.skills.stream().allMatch(RemoteSkill::digested);
	}

}
