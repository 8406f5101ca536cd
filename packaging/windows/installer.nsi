; Waybook's installer for Windows, made on Linux by packaging/windows/package
; with NSIS (makensis). It installs for the GM alone (no administrator
; needed): the program and its console twin for scripts (waybook-cli.exe),
; the starter tables, a Start menu entry, the icon,
; the .waybook file association (a double-click opens the campaign), and an
; uninstaller, listed in Settings > Apps, that removes the program and
; keeps every campaign and Waybook's own folder (backups, settings).
;
; makensis -DVERSION=0.1.0 -DEXE=waybook.exe -DCLI=waybook-cli.exe -DWELCOME=welcome.bmp -DOUT=setup.exe installer.nsi

; A 64-bit installer for the 64-bit program (it runs where Waybook can).
Target amd64-unicode
SetCompressor /SOLID lzma
RequestExecutionLevel user

!include "MUI2.nsh"
!include "LogicLib.nsh"
!include "FileFunc.nsh"

!define PRODUCT "Waybook"
!define CLASS "Waybook.Campaign"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\Waybook"

Name "${PRODUCT}"
OutFile "${OUT}"
InstallDir "$LOCALAPPDATA\Programs\Waybook"
InstallDirRegKey HKCU "Software\Waybook" "InstallDir"
BrandingText "${PRODUCT} ${VERSION}"
VIProductVersion "${VERSION}.0"
VIAddVersionKey "ProductName" "${PRODUCT}"
VIAddVersionKey "ProductVersion" "${VERSION}"
VIAddVersionKey "FileVersion" "${VERSION}"
VIAddVersionKey "FileDescription" "Waybook ${VERSION} setup"
VIAddVersionKey "CompanyName" "The Waybook developers"
VIAddVersionKey "LegalCopyright" "The Waybook developers"

!define MUI_ICON "waybook.ico"
!define MUI_UNICON "waybook.ico"
!define MUI_ABORTWARNING
!define MUI_WELCOMEFINISHPAGE_BITMAP "${WELCOME}"
!define MUI_UNWELCOMEFINISHPAGE_BITMAP "${WELCOME}"
!define MUI_WELCOMEPAGE_TEXT "Waybook keeps the books of your campaigns: the party, what they carry, their food and Supplies, their journeys and their heroes.$\r$\n$\r$\nIt is installed for you alone and needs no administrator. Your campaigns stay where you save them."
!define MUI_FINISHPAGE_RUN "$INSTDIR\waybook.exe"
!define MUI_FINISHPAGE_RUN_TEXT "Open Waybook"
!define MUI_UNCONFIRMPAGE_TEXT_TOP "Waybook will be removed from your computer. Your campaigns (.waybook files) are kept, and so is Waybook's folder in your AppData (backups and settings)."

!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"

; Explorer reads the association and the icons again.
!macro RefreshShell
    System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
!macroend

; A program that is open cannot be written over: the GM is told why, and
; loses nothing by closing Waybook (each edit is saved as it is made).
; Skipping the file would leave the old program behind a finished setup.
AllowSkipFiles off
!define CLOSE_IT "close it (your campaign is already saved), then choose Retry."
!define CANNOT_WRITE "Waybook could not write $0.$\r$\n$\r$\nIf Waybook is open, ${CLOSE_IT}"
FileErrorText "${CANNOT_WRITE}" "${CANNOT_WRITE}"

Section "Waybook"
    SetOutPath "$INSTDIR"
    File "/oname=waybook.exe" "${EXE}"
    File "/oname=waybook-cli.exe" "${CLI}"
    SetOutPath "$INSTDIR\packs"
    File "/oname=starter.json" "../packs/starter.json"
    SetOutPath "$INSTDIR"
    WriteUninstaller "$INSTDIR\uninstall.exe"
    WriteRegStr HKCU "Software\Waybook" "InstallDir" "$INSTDIR"

    CreateShortcut "$SMPROGRAMS\Waybook.lnk" "$INSTDIR\waybook.exe" "" "$INSTDIR\waybook.exe" 0

    ; .waybook files open in Waybook, with its icon.
    WriteRegStr HKCU "Software\Classes\.waybook" "" "${CLASS}"
    WriteRegStr HKCU "Software\Classes\${CLASS}" "" "Waybook campaign"
    WriteRegStr HKCU "Software\Classes\${CLASS}\DefaultIcon" "" '"$INSTDIR\waybook.exe",0'
    WriteRegStr HKCU "Software\Classes\${CLASS}\shell\open\command" "" '"$INSTDIR\waybook.exe" "%1"'

    ; Settings > Apps.
    WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${PRODUCT}"
    WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
    WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" '"$INSTDIR\waybook.exe",0'
    WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "The Waybook developers"
    WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
    WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
    WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
    WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
    ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
    WriteRegDWORD HKCU "${UNINSTALL_KEY}" "EstimatedSize" $0
    !insertmacro RefreshShell
SectionEnd

Section "Uninstall"
    ; The program first: while Waybook is open it cannot go, and then
    ; nothing else has been removed yet.
    retry:
    ClearErrors
    Delete "$INSTDIR\waybook.exe"
    ${If} ${Errors}
        MessageBox MB_RETRYCANCEL|MB_ICONEXCLAMATION "Waybook is open: ${CLOSE_IT}" IDRETRY retry
        Abort "Waybook is open: nothing was removed."
    ${EndIf}
    ; Then its console twin, which a script or a terminal may be running.
    retry_cli:
    ClearErrors
    Delete "$INSTDIR\waybook-cli.exe"
    ${If} ${Errors}
        MessageBox MB_RETRYCANCEL|MB_ICONEXCLAMATION "waybook-cli.exe is running (in a script or a terminal): let it end, then choose Retry." IDRETRY retry_cli
        Abort "waybook-cli.exe is running: only waybook.exe was removed. Run the uninstaller again once it has ended."
    ${EndIf}
    ; Only what the installer put there: a campaign saved in this folder stays,
    ; and so does the folder then.
    Delete "$INSTDIR\packs\starter.json"
    Delete "$INSTDIR\uninstall.exe"
    RMDir "$INSTDIR\packs"
    RMDir "$INSTDIR"
    Delete "$SMPROGRAMS\Waybook.lnk"

    ; The association, unless another program has taken .waybook since.
    ReadRegStr $0 HKCU "Software\Classes\.waybook" ""
    ${If} $0 == "${CLASS}"
        DeleteRegKey HKCU "Software\Classes\.waybook"
    ${EndIf}
    DeleteRegKey HKCU "Software\Classes\${CLASS}"
    DeleteRegKey HKCU "${UNINSTALL_KEY}"
    DeleteRegKey HKCU "Software\Waybook"
    !insertmacro RefreshShell
    DetailPrint "Your campaigns and Waybook's folder in AppData are kept."
SectionEnd
