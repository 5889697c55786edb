package dev.skills.core.internal.tools;

import java.util.Collection;
import java.util.List;

import dev.skills.core.SkillMeta;
import org.jspecify.annotations.Nullable;

/**
 * Decides whether a tool may be used while some skills are active. Every active skill
 * that lists {@code allowed-tools} narrows the allowed set (an intersection); every
 * {@code disallowed-tools} entry removes a tool. A skill without {@code allowed-tools}
 * ({@code null}) restricts nothing; one whose list is empty allows no tool (teff's rule;
 * only a skill made in code has one, since a file's empty list is read as not set).
 * <p>
 * Entries are matched against tool names: {@code Bash(git:*)} names the tool {@code Bash}
 * (the argument pattern is for clients that run shell commands, not checked here), and
 * {@code *} is a wildcard, so {@code mcp__github__*} matches every tool of that server.
 */
public final class ToolRules {

	private ToolRules() {
	}

	/**
	 * Why a tool may not be used, or {@code null} when it may.
	 * @param skills the active skills
	 * @param toolName the tool
	 * @return the reason, naming the skill that forbids it
	 */
	public static @Nullable String denial(Collection<SkillMeta> skills, String toolName) {
		for (SkillMeta skill : skills) {
			if (skill.disallowedTools().stream().anyMatch((entry) -> matches(entry, toolName))) {
				return "tool '" + toolName + "' is disallowed by skill '" + skill.name() + "'";
			}
		}
		for (SkillMeta skill : skills) {
			List<String> allowed = skill.allowedTools();
			if (allowed != null && allowed.stream().noneMatch((entry) -> matches(entry, toolName))) {
				return allowed.isEmpty()
						? "tool '" + toolName + "' is not allowed: skill '" + skill.name() + "' allows no tools"
						: "tool '" + toolName + "' is not in the allowed-tools of skill '" + skill.name() + "' ("
								+ String.join(" ", allowed) + ")";
			}
		}
		return null;
	}

	/**
	 * Whether a tool may be used while these skills are active.
	 * @param skills the active skills
	 * @param toolName the tool
	 * @return {@code true} when no skill forbids it
	 */
	public static boolean allows(Collection<SkillMeta> skills, String toolName) {
		return denial(skills, toolName) == null;
	}

	/**
	 * Whether an {@code allowed-tools} or {@code disallowed-tools} entry names a tool.
	 * @param entry the entry, for example {@code Read}, {@code Bash(git:*)} or
	 * {@code mcp__x__*}
	 * @param toolName the tool name
	 * @return {@code true} when it does
	 */
	public static boolean matches(String entry, String toolName) {
		int arguments = entry.indexOf('(');
		String name = ((arguments > 0) ? entry.substring(0, arguments) : entry).strip();
		if (name.indexOf('*') < 0) {
			return name.equals(toolName);
		}
		return globMatches(name, toolName);
	}

	// '*' matches any run of characters. Greedy with one point to return to, in time
	// linear in the product of the lengths at worst: a regular expression of many ".*"
	// would backtrack exponentially on a name that almost matches.
	private static boolean globMatches(String glob, String text) {
		int g = 0;
		int t = 0;
		int star = -1;
		int resume = 0;
		while (t < text.length()) {
			if (g < glob.length() && glob.charAt(g) != '*' && glob.charAt(g) == text.charAt(t)) {
				g++;
				t++;
			}
			else if (g < glob.length() && glob.charAt(g) == '*') {
				star = g++;
				resume = t;
			}
			else if (star >= 0) {
				g = star + 1;
				t = ++resume;
			}
			else {
				return false;
			}
		}
		while (g < glob.length() && glob.charAt(g) == '*') {
			g++;
		}
		return g == glob.length();
	}

}
