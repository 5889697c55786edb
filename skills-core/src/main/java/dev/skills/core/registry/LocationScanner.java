package dev.skills.core.registry;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.folder.SkillFolder;
import dev.skills.core.folder.SkillFolder.Fingerprint;
import dev.skills.core.internal.files.DiskSkillFolder;
import dev.skills.core.internal.files.FileReads;
import dev.skills.core.internal.files.JarSkillFolder;
import dev.skills.core.internal.files.SkillFiles;
import dev.skills.core.internal.files.SkillFiles.SkillFile;
import dev.skills.core.internal.files.SkillFolders;
import org.jspecify.annotations.Nullable;

import org.springframework.core.io.Resource;
import org.springframework.core.io.support.ResourcePatternResolver;

/**
 * Finds the skills of a location: the folder walk for folder locations, one pass over the
 * classpath for {@code classpath*:} patterns.
 */
final class LocationScanner {

	// An empty file at a jar's skills root that marks the skills below it as built in.
	private static final String BUILTIN_MARKER = ".builtin";

	private final ResourcePatternResolver resolver;

	private final int maxDepth;

	private final int maxDirectories;

	private final FileReads reads;

	LocationScanner(ResourcePatternResolver resolver, SkillConfig config, FileReads reads) {
		this.resolver = resolver;
		this.maxDepth = config.discoveryMaxDepth();
		this.maxDirectories = config.discoveryMaxDirectories();
		this.reads = reads;
	}

	// In precedence order; warnings about the location itself go to diagnostics.
	List<Found> scan(Location location, List<SkillDiagnostic> diagnostics) {
		if (location.folder() != null) {
			SkillFolders.Scan scan = SkillFolders.find(location.folder(), this.maxDepth, this.maxDirectories);
			diagnostics.addAll(scan.diagnostics());
			List<Found> found = new ArrayList<>(scan.skillFiles().size());
			scan.skillFiles().forEach((file) -> found.add(found(file, false)));
			return found;
		}
		return scanClasspath(location, diagnostics);
	}

	// The probe that found a plain file read its attributes: they are not read again.
	Found found(SkillFile file, boolean builtin) {
		SkillFolder folder = DiskSkillFolder.of(file, builtin, this.reads);
		return new Found(folder, (file.plainFile() != null) ? Fingerprint.of(file.plainFile()) : folder.fingerprint());
	}

	private List<Found> scanClasspath(Location location, List<SkillDiagnostic> diagnostics) {
		String root = location.spec().endsWith("/") ? location.spec() : location.spec() + "/";
		String rootPath = root.substring(root.indexOf(':') + 1);
		rootPath = rootPath.startsWith("/") ? rootPath.substring(1) : rootPath;
		List<Candidate> candidates = new ArrayList<>();
		try {
			// One pass over each jar: "**/*.md", then keep the skill files.
			for (Resource resource : this.resolver.getResources(root + "**/*.md")) {
				Candidate candidate = candidate(resource, rootPath);
				if (candidate != null) {
					candidates.add(candidate);
				}
			}
		}
		catch (IOException ex) {
			diagnostics.add(SkillDiagnostic.warning(location.spec(), null,
					"Cannot scan the classpath location: " + ex.getMessage()));
			return List.of();
		}
		return select(candidates);
	}

	private @Nullable Candidate candidate(Resource resource, String rootPath) {
		String url;
		try {
			url = resource.getURL().toString();
		}
		catch (IOException ex) {
			return null;
		}
		int entry = url.lastIndexOf("!/");
		int start = url.indexOf(rootPath, Math.max(entry, 0));
		if (start < 0) {
			return null;
		}
		String root = url.substring(0, start + rootPath.length());
		String relative = url.substring(root.length());
		String[] segments = relative.split("/");
		String fileName = segments[segments.length - 1];
		if (!SkillFiles.isSkillFileName(fileName) || segments.length < 2 || segments.length - 1 > this.maxDepth
				|| Arrays.stream(segments).anyMatch(SkillFiles::isSkipped)) {
			return null;
		}
		return new Candidate(resource, root, url.substring(0, url.length() - fileName.length()), fileName);
	}

	// In classpath order; SKILL.md wins over skill.md, and no skill is inside another.
	private List<Found> select(List<Candidate> candidates) {
		Map<String, String> skillFiles = new HashMap<>();
		for (Candidate candidate : candidates) {
			skillFiles.merge(candidate.directory(), candidate.fileName(),
					(a, b) -> a.equals(SkillFiles.SKILL_FILE) ? a : b);
		}
		List<Found> found = new ArrayList<>();
		Map<String, Boolean> builtinRoots = new HashMap<>();
		for (Candidate candidate : candidates) {
			if (candidate.fileName().equals(skillFiles.get(candidate.directory()))
					&& !insideAnotherSkill(candidate, skillFiles.keySet())) {
				boolean builtin = builtinRoots.computeIfAbsent(candidate.root(),
						(root) -> this.resolver.getResource(root + BUILTIN_MARKER).exists());
				SkillFolder folder = toFolder(candidate.resource(), builtin);
				found.add(new Found(folder, folder.fingerprint()));
			}
		}
		return found;
	}

	private static boolean insideAnotherSkill(Candidate candidate, Set<String> directories) {
		String directory = candidate.directory();
		for (int cut = directory.lastIndexOf('/', directory.length() - 2); cut >= candidate.root().length()
				- 1; cut = directory.lastIndexOf('/', cut - 1)) {
			if (directories.contains(directory.substring(0, cut + 1))) {
				return true;
			}
		}
		return false;
	}

	private SkillFolder toFolder(Resource resource, boolean builtin) {
		// Classes folders on disk are read as folders, so that their links are checked.
		if (resource.isFile()) {
			try {
				return DiskSkillFolder.of(resource.getFile().toPath(), builtin, this.reads);
			}
			catch (IOException ex) {
				// fall through to resource access
			}
		}
		return new JarSkillFolder(resource, this.resolver, builtin);
	}

	private record Candidate(Resource resource, String root, String directory, String fileName) {
	}

	record Found(SkillFolder folder, Fingerprint fingerprint) {
	}

}
