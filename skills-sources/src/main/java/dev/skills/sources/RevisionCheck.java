package dev.skills.sources;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.skills.core.SkillDiagnostic;
import dev.skills.core.load.SkillLoader;
import dev.skills.core.load.SkillReadResult;

/**
 * Which skills of a checked-out revision cannot be loaded. A new revision in which a
 * skill that loads today no longer loads is broken: it is not served, so that a bad push
 * never takes a working skill away. Skills that were already broken do not hold a
 * revision back.
 */
final class RevisionCheck {

	private RevisionCheck() {
	}

	/**
	 * The skill folders of a checkout that do not load, with the first reason of each.
	 * @param checkout the revision's folder
	 * @return each failing folder, relative to the checkout, with why
	 */
	static Map<String, String> failing(Path checkout) {
		Map<String, String> failing = new LinkedHashMap<>();
		for (Path folder : SkillLoader.findSkillFolders(checkout)) {
			Path skillFile = SkillLoader.findSkillFile(folder);
			if (skillFile == null) {
				continue;
			}
			SkillReadResult result = SkillLoader.readMeta(skillFile);
			if (result.meta() == null) {
				String why = result.diagnostics()
					.stream()
					.filter(SkillDiagnostic::isError)
					.map(SkillDiagnostic::message)
					.findFirst()
					.orElse("cannot be loaded");
				String relative = checkout.relativize(folder).toString().replace('\\', '/');
				failing.put(relative.isEmpty() ? "." : relative, why);
			}
		}
		return failing;
	}

}
