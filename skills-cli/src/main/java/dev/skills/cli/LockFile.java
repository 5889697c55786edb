package dev.skills.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillMeta;
import dev.skills.core.lock.SkillsLock;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.core.registry.SkillsSnapshot;

/**
 * The lock of what some locations serve now, in the format and with the digest of
 * {@link SkillsLock}.
 */
final class LockFile {

	private LockFile() {
	}

	/**
	 * Every skill the locations serve, with the digest of its files.
	 * @param locations folders of skills, in precedence order
	 * @return the lock
	 */
	static SkillsLock of(List<String> locations) {
		List<SkillsLock.Entry> entries = new ArrayList<>();
		try (SkillsRegistry registry = new SkillsRegistry(SkillConfig.builder().skillsDir(locations).build())) {
			registry.discover(locations);
			SkillsSnapshot snapshot = registry.snapshot();
			for (SkillMeta meta : snapshot.skills()) {
				Path folder = Path.of(meta.baseDirectory());
				List<String> files = new ArrayList<>();
				files.add(Path.of(meta.location()).getFileName().toString());
				files.addAll(snapshot.files(meta.name()));
				entries.add(new SkillsLock.Entry(meta.name(), digest(folder, files), sourceOf(folder, locations)));
			}
		}
		return SkillsLock.of(entries);
	}

	private static String digest(Path folder, List<String> files) {
		try {
			return SkillsLock.digest(folder, files);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read the files of " + folder, ex);
		}
	}

	private static String sourceOf(Path folder, List<String> locations) {
		for (String location : locations) {
			if (folder.toAbsolutePath().normalize().startsWith(Path.of(location).toAbsolutePath().normalize())) {
				return location;
			}
		}
		return folder.toString();
	}

}
