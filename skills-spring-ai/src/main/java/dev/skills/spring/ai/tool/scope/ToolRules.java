package dev.skills.spring.ai.tool.scope;

import java.util.Collection;
import java.util.List;

import dev.skills.core.SkillMeta;
import org.jspecify.annotations.Nullable;

/**
 * Decides whether a tool may be used while some skills are active: each
 * {@code allowed-tools} list narrows the allowed set (none restricts nothing; an empty
 * one, which only a skill made in code can have, allows no tool) and each
 * {@code disallowed-tools} entry removes a tool. Entries name tools: {@code Bash(git:*)}
 * names {@code Bash} (the argument pattern is not checked here) and {@code *} is a
 * wildcard, as in {@code mcp__github__*}.
 */
final class ToolRules {

	private ToolRules() {
	}

	// Why a tool may not be used, naming the skill that forbids it; null when it may.
	static @Nullable String denial(Collection<SkillMeta> skills, String toolName) {
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

	static boolean allows(Collection<SkillMeta> skills, String toolName) {
		return denial(skills, toolName) == null;
	}

	// Whether an entry such as Read, Bash(git:*) or mcp__x__* names the tool.
	static boolean matches(String entry, String toolName) {
		int arguments = entry.indexOf('(');
		String name = ((arguments > 0) ? entry.substring(0, arguments) : entry).strip();
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
