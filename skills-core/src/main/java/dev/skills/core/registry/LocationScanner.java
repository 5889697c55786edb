package dev.skills.core.registry;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.SkillMeta;
import dev.skills.core.internal.discover.SkillFolders;
import dev.skills.core.internal.parse.SkillLoader;
import dev.skills.core.internal.parse.SkillReadResult;
import dev.skills.core.internal.resource.SkillFiles;
import dev.skills.core.internal.resource.SkillSource;
import org.jspecify.annotations.Nullable;

import org.springframework.core.io.Resource;
import org.springframework.core.io.support.ResourcePatternResolver;

/**
 * Finds the skills of a location and reads them into entries, keeping each folder
 * location within its discovery limits also when only part of it is scanned again.
 */
final class LocationScanner {

	/**
	 * The marker file, at a classpath skills root, that marks the skills below it as
	 * built in.
	 */
	static final String BUILTIN_MARKER = ".builtin";

	private final ResourcePatternResolver resolver;

	private final int maxDepth;

	private final int maxDirectories;

	// Folders each folder location has used of its limit, by location index. Only the
	// refresh,
	// which serialises every scan, touches it.
	private final Map<Integer, Integer> directoriesSpent = new HashMap<>();

	LocationScanner(ResourcePatternResolver resolver, SkillConfig config) {
		this.resolver = resolver;
		this.maxDepth = config.discoveryMaxDepth();
		this.maxDirectories = config.discoveryMaxDirectories();
	}

	/**
	 * Find the skills of a location.
	 * @param location the location
	 * @param diagnostics receives warnings about the location itself
	 * @return the skills found, in precedence order
	 */
	List<SkillSource> scan(Location location, List<SkillDiagnostic> diagnostics) {
		if (location.folder() != null) {
			SkillFolders.Scan scan = SkillFolders.find(location.folder(), this.maxDepth, this.maxDirectories);
			diagnostics.addAll(scan.diagnostics());
			this.directoriesSpent.put(location.index(), scan.limitReached() ? this.maxDirectories : scan.directories());
			return toSources(scan);
		}
		return scanClasspath(location, diagnostics);
	}

	/**
	 * Find the skills below one folder of a folder location, after a change there. A full
	 * scan stops at the location's folder limit; what lies past it must stay unseen here
	 * too. Folders visited here count towards the limit (an upper bound: some were
	 * counted before), so once the limit could have been passed only a full scan can say
	 * what it would find.
	 * @param location the location
	 * @param start the folder to search, at or below the location's folder
	 * @return the skills found, or {@code null} when only a full scan of the location is
	 * exact
	 */
	@Nullable List<SkillSource> scanBelow(Location location, Path start) {
		if (!start.equals(location.folder()) && Files.isSymbolicLink(start)) {
			// A full scan does not follow links below the location: neither does this
			// one.
			return List.of();
		}
		Path relative = location.folder().relativize(start);
		// A full scan never enters .git, node_modules, hidden folders...: neither does
		// this one.
		if (SkillFiles.isSkippedPath(relative)) {
			return List.of();
		}
		int depth = relative.getNameCount();
		int remaining = this.maxDepth - (start.equals(location.folder()) ? 0 : depth);
		if (remaining < 0) {
			return List.of();
		}
		int spent = this.directoriesSpent.getOrDefault(location.index(), this.maxDirectories);
		SkillFolders.Scan scan = SkillFolders.findBelow(start, remaining, this.maxDirectories - spent);
		if (scan.limitReached()) {
			return null;
		}
		this.directoriesSpent.put(location.index(), spent + scan.directories());
		return toSources(scan);
	}

	private static List<SkillSource> toSources(SkillFolders.Scan scan) {
		return scan.skillFiles().stream().map(SkillSource::folder).toList();
	}

	/**
	 * Read a skill's frontmatter into an entry. When a skill that loaded before no longer
	 * does (a half-saved edit, say), its last good version is kept with an error saying
	 * so.
	 * @param source the skill
	 * @param locationIndex its location's index
	 * @param order its position in the location's scan (classpath order); 0 for folder
	 * skills, which are ordered by path
	 * @param previous the entry it replaces, if any
	 * @return the entry
	 */
	SkillEntry read(SkillSource source, int locationIndex, int order, @Nullable SkillEntry previous) {
		SkillSource.Fingerprint fingerprint;
		SkillReadResult result;
		try (SkillSource.OpenSkillFile file = source.openSkill()) {
			fingerprint = file.fingerprint();
			result = SkillLoader.readMeta(file.stream(), source.location(), source.baseDirectory(),
					source.directoryName());
		}
		catch (IOException | UncheckedIOException ex) {
			// Noted as it is, so that a later scan reads it again only once it changes.
			fingerprint = source.fingerprint();
			result = new SkillReadResult(null, List
				.of(SkillDiagnostic.error(source.location(), null, "Cannot read SKILL.md: " + ex.getMessage())));
		}
		List<SkillDiagnostic> diagnostics = new ArrayList<>();
		if (source.location().endsWith("/" + SkillLoader.LOWERCASE_SKILL_FILE)) {
			diagnostics.add(SkillDiagnostic.warning(source.location(),
					(result.meta() != null) ? result.meta().name() : null, SkillLoader.lowercaseFileMessage()));
		}
		diagnostics.addAll(result.diagnostics());
		SkillMeta meta = result.meta();
		if (meta != null && source.builtin()) {
			meta = meta.withBuiltin(true);
		}
		if (meta == null && previous != null && previous.meta() != null) {
			meta = previous.meta();
			diagnostics.add(SkillDiagnostic.error(source.location(), meta.name(),
					"SKILL.md cannot be loaded any more; keeping the last good version of '" + meta.name()
							+ "' until it is fixed"));
		}
		return new SkillEntry(source, locationIndex, order, meta, diagnostics, fingerprint);
	}

	private List<SkillSource> scanClasspath(Location location, List<SkillDiagnostic> diagnostics) {
		String root = location.spec().endsWith("/") ? location.spec() : location.spec() + "/";
		String rootPath = root.substring(root.indexOf(':') + 1);
		rootPath = rootPath.startsWith("/") ? rootPath.substring(1) : rootPath;
		Resource[] found;
		try {
			// One pass over each jar: "**/*.md", then keep the skill files.
			found = this.resolver.getResources(root + "**/*.md");
		}
		catch (IOException ex) {
			diagnostics.add(SkillDiagnostic.warning(location.spec(), null,
					"Cannot scan the classpath location: " + ex.getMessage()));
			return List.of();
		}
		List<Candidate> candidates = new ArrayList<>();
		for (Resource resource : found) {
			Candidate candidate = candidate(resource, rootPath);
			if (candidate != null) {
				candidates.add(candidate);
			}
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
		boolean skillFile = SkillLoader.isSkillFileName(fileName);
		if (!skillFile || segments.length < 2 || segments.length - 1 > this.maxDepth || hasSkippedSegment(segments)) {
			return null;
		}
		return new Candidate(resource, root, url.substring(0, url.length() - fileName.length()), fileName);
	}

	// Keep the resolver's order (classpath order decides precedence); SKILL.md wins over
	// skill.md
	// in one folder, and a folder inside another skill's folder is not a skill of its
	// own.
	private List<SkillSource> select(List<Candidate> candidates) {
		Set<String> directories = new HashSet<>();
		Set<String> upperCase = new HashSet<>();
		for (Candidate candidate : candidates) {
			directories.add(candidate.directory());
			if (candidate.fileName().equals(SkillLoader.SKILL_FILE)) {
				upperCase.add(candidate.directory());
			}
		}
		List<SkillSource> sources = new ArrayList<>();
		Map<String, Boolean> builtinRoots = new HashMap<>();
		for (Candidate candidate : candidates) {
			boolean shadowedFile = candidate.fileName().equals(SkillLoader.LOWERCASE_SKILL_FILE)
					&& upperCase.contains(candidate.directory());
			if (!shadowedFile && !insideAnotherSkill(candidate, directories)) {
				boolean builtin = builtinRoots.computeIfAbsent(candidate.root(), this::isBuiltinRoot);
				sources.add(toSource(candidate.resource(), builtin));
			}
		}
		return sources;
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

	private SkillSource toSource(Resource resource, boolean builtin) {
		// Classes folders on disk (running from an IDE or target/classes) are read as
		// folders,
		// so that their links are checked like any folder skill's.
		if (resource.isFile()) {
			try {
				return SkillSource.folder(resource.getFile().toPath(), builtin);
			}
			catch (IOException ex) {
				// fall through to resource access
			}
		}
		return SkillSource.classpath(resource, this.resolver, builtin);
	}

	// A jar marks the skills it ships as built in with an empty file ".builtin" at its
	// skills root.
	private boolean isBuiltinRoot(String root) {
		return this.resolver.getResource(root + BUILTIN_MARKER).exists();
	}

	private static boolean hasSkippedSegment(String[] segments) {
		for (String segment : segments) {
			if (SkillFiles.isSkipped(segment)) {
				return true;
			}
		}
		return false;
	}

	private record Candidate(Resource resource, String root, String directory, String fileName) {
	}

}
